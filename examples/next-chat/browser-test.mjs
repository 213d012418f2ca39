#!/usr/bin/env node
/**
 * The app in a real browser: builds it with Turbopack (`next build`) and with webpack
 * (`next build --webpack`), starts each build with `next start`, and drives the system's Chromium
 * through playwright-core in the nodejs runtime (/) and the edge runtime (/?runtime=edge), against
 * the scripted model (OPENAI_API_KEY is removed from the server's environment). In each, one
 * conversation: refunds approved and denied through the bridges, each call shown as the app's own
 * tool part (`billing.refund_invoice`, never `tool_call`); a client-side tool answered by the page;
 * a direct call by a bare name and one that fails; and two refunds whose catalog crosses the caps
 * between the call and its approval, which the server runs once each (it logs each refund).
 *
 *   npm run browser-test                       # the four combinations
 *   npm run browser-test -- --bundler webpack  # one bundler (turbopack | webpack)
 *   npm run browser-test -- --runtime edge     # one runtime (nodejs | edge)
 *
 * CHROMIUM_PATH names the browser (default: /usr/bin/chromium, Debian's `chromium` package).
 * Screenshots go to BROWSER_TEST_OUT (default: $TMPDIR/next-chat-browser-test), printed on failure.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: { bundler: { type: 'string' }, runtime: { type: 'string' } },
});
const bundlers = args.bundler ? [args.bundler] : ['turbopack', 'webpack'];
const runtimes = args.runtime ? [args.runtime] : ['nodejs', 'edge'];
const out = process.env.BROWSER_TEST_OUT ?? join(tmpdir(), 'next-chat-browser-test');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const timeout = 20_000;
/** The browser's time zone, which the page tells the model through the client-side tool. */
const timeZone = 'Pacific/Chatham';

const serverEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
delete serverEnv.OPENAI_API_KEY; // the scripted model, whatever the caller's environment
const nextBin = join(here, 'node_modules', 'next', 'dist', 'bin', 'next');

const seconds = (start) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

/** Runs `next ...args` to its end, its output in `log`; rejects with the log's tail on failure. */
function next(cliArgs, log) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, ...cliArgs], { cwd: here, env: serverEnv });
    const file = createWriteStream(log);
    child.stdout.pipe(file);
    child.stderr.pipe(file);
    child.on('error', reject);
    child.on('close', (code) => {
      file.end(() => {
        if (code === 0) resolve();
        else {
          const tail = readFileSync(log, 'utf8').split('\n').slice(-40).join('\n');
          reject(new Error(`next ${cliArgs.join(' ')} exited ${code}:\n${tail}`));
        }
      });
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** `next start` on a free loopback port; resolves once the page answers. */
async function start(log) {
  const port = await freePort();
  const child = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: here,
    env: serverEnv,
  });
  const file = createWriteStream(log);
  child.stdout.pipe(file);
  child.stderr.pipe(file);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited ${child.exitCode}; see ${log}`);
    try {
      if ((await fetch(base)).ok) return { base, stop: () => stop(child) };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop(child);
  throw new Error(`next start did not answer within 30 s; see ${log}`);
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.on('close', resolve);
    child.kill('SIGTERM');
  });
}

/** The build put the edge route, and only it, in the edge runtime. */
function checkRuntimes() {
  const manifest = JSON.parse(
    readFileSync(join(here, '.next', 'server', 'middleware-manifest.json'), 'utf8'),
  );
  const edge = Object.keys(manifest.functions ?? {});
  if (!edge.includes('/api/chat-edge/route') || edge.includes('/api/chat/route')) {
    throw new Error(`edge functions of the build: ${JSON.stringify(edge)}`);
  }
}

/** Records every (tool, state) a tool part is rendered in, however briefly. */
function recordStates() {
  window.__states = new Set();
  const record = () => {
    for (const element of document.querySelectorAll('[data-tool][data-state]'))
      window.__states.add(`${element.dataset.tool} ${element.dataset.state}`);
  };
  new MutationObserver(record).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-state', 'data-tool'],
  });
}

/** The scenario, in one conversation. */
async function scenario(page, { base, runtime, shots, serverLog }) {
  let shot = 0;
  const screenshot = (name) =>
    page.screenshot({
      path: join(shots, `${String(++shot).padStart(2, '0')}-${name}.png`),
      fullPage: true,
    });
  const apis = new Set();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) apis.add(pathname);
  });
  const tool = (name, state, text) =>
    page.locator(`[data-tool="${name}"][data-state="${state}"]`).filter({ hasText: text });
  const said = (text) => page.locator('[data-role="assistant"] > p').filter({ hasText: text });
  const send = async (text) => {
    const input = page.locator('form input');
    await input.waitFor({ state: 'visible' });
    await page.waitForFunction(() => !document.querySelector('form input')?.disabled);
    await input.fill(text);
    await input.press('Enter');
  };
  const see = (locator) => locator.first().waitFor({ state: 'visible' });
  /** Switches the catalog the route uses from the next request on. */
  const switchCatalog = async (catalog) => {
    await page.locator(`input[name="catalog"][value="${catalog}"]`).check();
    await page.waitForFunction((name) => document.cookie.includes(`catalog=${name}`), catalog);
  };
  /** An approved refund: its output says it is the invoice's first, and the model answers. */
  const refunded = async (invoice) => {
    await see(tool('billing.refund_invoice', 'output-available', invoice));
    const output = await tool('billing.refund_invoice', 'output-available', invoice).textContent();
    if (!output.includes('"refundCount": 1')) {
      throw new Error(`the refund of ${invoice} did not run once: ${output}`);
    }
    await see(said(`Refunded ${invoice}`));
  };
  // Invoices of their own per runtime: both runtimes' routes may share the server's refund counts.
  const invoice = (number) => `INV-${runtime === 'edge' ? number + 5000 : number}`;
  const [first, second, third, fourth] = [
    invoice(1042),
    invoice(2001),
    invoice(3001),
    invoice(3002),
  ];

  await page.goto(runtime === 'edge' ? `${base}/?runtime=edge` : base);
  await see(page.getByText(`${runtime} runtime`));

  try {
    // Above the caps, a bridged call: tool_search, then tool_call of a tool that needs approval,
    // shown as the real tool under the app's key, approved.
    await send(`Refund invoice ${first}`);
    await see(tool('tool_search', 'output-available', first));
    const approval = tool('billing.refund_invoice', 'approval-requested', first);
    await see(approval);
    await screenshot('approval-requested');
    await approval.getByRole('button', { name: 'Approve' }).click();
    await refunded(first);
    await screenshot('approved');

    // The same, denied.
    await send(`Refund invoice ${second}`);
    const denial = tool('billing.refund_invoice', 'approval-requested', second);
    await see(denial);
    await denial.getByRole('button', { name: 'Deny' }).click();
    await see(tool('billing.refund_invoice', 'output-denied', second));
    await see(said(`The refund of ${second} was denied`));
    await screenshot('denied');

    // A client-side tool found and called through the bridges, answered by the page
    // (onToolCall, addToolOutput); then the model goes on with the browser's answer.
    await send('What is my time zone?');
    await see(tool('browser.get_time_zone', 'output-available', timeZone));
    await see(said(`Your browser is set to the time zone ${timeZone}.`));
    await screenshot('client-side-tool');

    // A direct call by a bare name, routed through tool_call, shown under the app's key.
    await send('Find contact Ada Lovelace');
    await see(tool('crm.find_contact', 'output-available', 'ada@example.com'));
    await see(said('Found Ada Lovelace in the CRM.'));

    // A direct call by a dotted name whose tool fails.
    await send('Email Ada');
    await see(tool('mail.send_email', 'output-error', 'not an email address'));
    await see(said('The email could not be sent: I need an email address, not a name.'));

    // Asked below the caps (a direct call, no search), approved above them.
    await switchCatalog('small');
    await send(`Refund invoice ${third}`);
    await see(tool('billing.refund_invoice', 'approval-requested', third));
    await switchCatalog('large');
    await tool('billing.refund_invoice', 'approval-requested', third)
      .getByRole('button', { name: 'Approve' })
      .click();
    await refunded(third);
    if ((await tool('tool_search', 'output-available', third).count()) > 0) {
      throw new Error(`the small catalog was searched for ${third}: it is below the caps`);
    }

    // Asked above the caps (searched, then through tool_call), approved below them.
    await send(`Refund invoice ${fourth}`);
    await see(tool('tool_search', 'output-available', fourth));
    await see(tool('billing.refund_invoice', 'approval-requested', fourth));
    await switchCatalog('small');
    await tool('billing.refund_invoice', 'approval-requested', fourth)
      .getByRole('button', { name: 'Approve' })
      .click();
    await refunded(fourth);

    // The client-side tool below the caps: called directly, answered the same way.
    await send('What is my time zone, again?');
    await see(said(`Your browser is set to the time zone ${timeZone}.`).nth(1));
    await screenshot('done');
  } catch (error) {
    await screenshot('failure').catch(() => {});
    throw error;
  }

  // Every state of a tool part was rendered, each under the app's key: no tool_call part, no
  // wire name (billing__refund_invoice), no bare name (find_contact).
  const states = new Set(await page.evaluate(() => [...window.__states]));
  const expected = [
    'tool_search input-streaming',
    'tool_search output-available',
    'billing.refund_invoice approval-requested',
    'billing.refund_invoice approval-responded',
    'billing.refund_invoice output-available',
    'billing.refund_invoice output-denied',
    'browser.get_time_zone output-available',
    'crm.find_contact input-streaming',
    'crm.find_contact output-available',
    'mail.send_email output-error',
  ];
  const missing = expected.filter((state) => !states.has(state));
  if (missing.length > 0) {
    throw new Error(
      `states never rendered: ${missing.join(', ')} (seen: ${[...states].join(', ')})`,
    );
  }
  const known = new Set(expected.map((state) => state.split(' ')[0]));
  const unexpected = [...new Set([...states].map((state) => state.split(' ')[0]))].filter(
    (name) => !known.has(name),
  );
  if (unexpected.length > 0) {
    throw new Error(`tool parts rendered under other names: ${unexpected.join(', ')}`);
  }
  if ((await page.locator('[data-tool="browser.get_time_zone"]').count()) !== 2) {
    throw new Error('the client-side tool was not called once per question');
  }
  // The server ran each approved refund once, and the denied one never.
  const log = readFileSync(serverLog, 'utf8');
  for (const [id, times] of [
    [first, 1],
    [second, 0],
    [third, 1],
    [fourth, 1],
  ]) {
    const runs = log.split('\n').filter((line) => line.endsWith(`refunded ${id}`)).length;
    if (runs !== times) throw new Error(`the server refunded ${id} ${runs} times, not ${times}`);
  }
  const api = runtime === 'edge' ? '/api/chat-edge' : '/api/chat';
  if (apis.size !== 1 || !apis.has(api)) {
    throw new Error(`requests went to ${[...apis].join(', ')}, not only ${api}`);
  }
}

const started = performance.now();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
if (!existsSync(executablePath)) {
  console.error(
    `No browser at ${executablePath}: apt-get install -y chromium, or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
const results = [];
try {
  for (const bundler of bundlers) {
    const buildStart = performance.now();
    let server;
    let serverLog;
    try {
      await next(
        bundler === 'webpack' ? ['build', '--webpack'] : ['build'],
        join(out, `build-${bundler}.log`),
      );
      checkRuntimes();
      console.log(`built with ${bundler} in ${seconds(buildStart)}`);
      serverLog = join(out, `server-${bundler}.log`);
      server = await start(serverLog);
    } catch (error) {
      for (const runtime of runtimes) results.push({ bundler, runtime, error });
      continue;
    }
    for (const runtime of runtimes) {
      const runStart = performance.now();
      const shots = join(out, `${bundler}-${runtime}`);
      mkdirSync(shots, { recursive: true });
      const context = await browser.newContext({
        viewport: { width: 900, height: 900 },
        timezoneId: timeZone,
      });
      context.setDefaultTimeout(timeout);
      const page = await context.newPage();
      const pageErrors = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      page.on('response', (response) => {
        if (response.status() >= 400) pageErrors.push(`${response.status()} ${response.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') pageErrors.push(message.text());
      });
      await page.addInitScript(recordStates);
      let error;
      try {
        await scenario(page, { base: server.base, runtime, shots, serverLog });
        if (pageErrors.length > 0) throw new Error(`errors in the page: ${pageErrors.join(' | ')}`);
      } catch (caught) {
        error = caught;
      }
      await context.close();
      results.push({ bundler, runtime, error, time: seconds(runStart) });
      console.log(`${error ? 'FAIL' : 'ok  '} ${bundler} ${runtime} (${seconds(runStart)})`);
    }
    await server.stop();
  }
} finally {
  await browser.close();
}

const failed = results.filter((result) => result.error);
for (const { bundler, runtime, error } of failed) {
  console.error(`\n${bundler} ${runtime}: ${error.stack ?? error}`);
}
if (failed.length > 0) console.error(`\nScreenshots and logs: ${out}`);
console.log(`browser test took ${seconds(started)}`);
console.log(`browser-test: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length > 0 ? 1 : 0);
