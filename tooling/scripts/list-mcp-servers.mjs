/**
 * Builds the catalog of corpus/mcp-servers.json from the tools real MCP servers publish: the
 * servers of the Model Context Protocol organisation installable from npm (the reference servers,
 * current and archived, and the MCP Apps examples), each installed and run here.
 *
 * Run from the repository root (needs the npm registry; Node 22):
 *
 *   node scripts/list-mcp-servers.mjs                      # every server below
 *   node scripts/list-mcp-servers.mjs --only memory,slack   # some of them (the others keep their rows)
 *   node scripts/list-mcp-servers.mjs --dry-run             # lists and prints, writes nothing
 *
 * Options: --prefix DIR installs into DIR/<server> (default: a new folder under the system's temp
 * folder, never the repository; an existing install of the pinned version is reused), --out FILE
 * (default corpus/mcp-servers.json), --timeout MS per server for start and listing (default 30000).
 *
 * For each server: `npm install --prefix DIR/<server> --ignore-scripts <package>@<version>` (no
 * install script runs, so nothing outside the registry is downloaded; puppeteer also gets
 * PUPPETEER_SKIP_DOWNLOAD=1), then its `bin` is started with this Node over stdio through
 * `@modelcontextprotocol/sdk`'s client (a devDependency), `tools/list` is called, following
 * `nextCursor` for at most MAX_PAGES pages, and the client is closed. A server that needs
 * credentials gets dummy ones (they are never used: no tool is called; gdrive gets a dummy saved
 * token file), postgres an address where no database listens (it connects only when queried), and
 * redis, which connects at start, a redis-server started here on a free loopback port when one is
 * installed (stopped at the end). The environment is PATH, HOME and those variables only.
 *
 * Output, in the IronClaw format the eval loaders read (src/eval/load-eval-corpus.ts):
 * - `servers`: one row per server tried: namespace, package, version, `listed` (tool count,
 *   server name and version; `left_out` says why a listed server's tools are not in the catalog)
 *   or `failed` (stage `install`, `start` or `list`, and the reason);
 * - `namespaces`: each listed server's `instructions`, when it gives any (as `--mcp` does);
 * - `tools`: every listed tool as a definition: `name` `<server>__<tool>` (the wire name),
 *   `capability_id` `<server>.<tool>`, `namespace`, `kind: "mcp"`, `description`, `parameters`
 *   (the tool's `inputSchema`), `output_schema` and `annotations` (the boolean hints) when given.
 * The file's hand-written `description` and `intents` are kept as they are; servers not run this
 * time (--only) keep their rows and tools. Tools are in the order each server lists them, servers
 * in the order below, so a rerun against the same versions writes the same bytes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const MAX_PAGES = 20;
const WIRE_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Every `@modelcontextprotocol/server-*` package on npm. `args` and `env` get the server's
 * scratch folder; `group` says what the organisation publishes it as.
 */
const SERVERS = [
  reference('filesystem', '2026.8.31', { args: (dir) => [mkdir(join(dir, 'files'))] }),
  reference('everything', '2026.8.31', { args: () => ['stdio'] }),
  reference('memory', '2026.8.31', {
    env: (dir) => ({ MEMORY_FILE_PATH: join(dir, 'memory.jsonl') }),
  }),
  reference('sequential-thinking', '2026.8.31'),
  reference('github', '2025.4.8', { env: () => ({ GITHUB_PERSONAL_ACCESS_TOKEN: 'dummy' }) }),
  reference('gitlab', '2025.4.25', {
    env: () => ({
      GITLAB_PERSONAL_ACCESS_TOKEN: 'dummy',
      GITLAB_API_URL: 'http://127.0.0.1:9/api/v4',
    }),
  }),
  reference('slack', '2025.4.25', {
    env: () => ({ SLACK_BOT_TOKEN: 'xoxb-dummy', SLACK_TEAM_ID: 'T00000000' }),
  }),
  reference('postgres', '0.6.2', { args: () => ['postgresql://127.0.0.1:9/none'] }),
  reference('puppeteer', '2025.5.12', { env: () => ({ PUPPETEER_SKIP_DOWNLOAD: '1' }) }),
  reference('google-maps', '0.6.2', { env: () => ({ GOOGLE_MAPS_API_KEY: 'dummy' }) }),
  reference('brave-search', '0.6.2', { env: () => ({ BRAVE_API_KEY: 'dummy' }) }),
  reference('gdrive', '2025.1.14', {
    // It refuses to start without saved OAuth credentials; dummy ones are never sent anywhere.
    env: (dir) => {
      const path = join(dir, 'credentials.json');
      writeFileSync(path, JSON.stringify({ access_token: 'dummy', token_type: 'Bearer' }));
      return { GDRIVE_CREDENTIALS_PATH: path };
    },
  }),
  // It connects at start and answers nothing until it has: a local redis-server, if installed.
  reference('redis', '2025.4.25', { args: (_, services) => [services.redisUrl()] }),
  reference('everart', '0.6.2', { env: () => ({ EVERART_API_KEY: 'dummy' }) }),
  reference('aws-kb-retrieval', '0.6.2', {
    env: () => ({
      AWS_ACCESS_KEY_ID: 'dummy',
      AWS_SECRET_ACCESS_KEY: 'dummy',
      AWS_REGION: 'us-east-1',
    }),
  }),
  ...[
    ['pdf', '2.0.4'],
    ['map', '2.0.3'],
    ['wiki-explorer', '2.0.3'],
    ['system-monitor', '2.0.3'],
    ['budget-allocator', '2.0.3'],
    ['cohort-heatmap', '2.0.3'],
    ['customer-segmentation', '2.0.3'],
    ['scenario-modeler', '2.0.3'],
    ['sheet-music', '2.0.3'],
    ['shadertoy', '2.0.3'],
    ['threejs', '2.0.3'],
    ['transcript', '2.0.3'],
    ['video-resource', '2.0.3'],
    ['basic-vanillajs', '2.0.3'],
    ['basic-react', '2.0.3'],
    ['basic-preact', '2.0.3'],
    ['basic-solid', '2.0.3'],
    ['basic-svelte', '2.0.3'],
    ['basic-vue', '2.0.3'],
  ].map(([name, version]) => ({
    namespace: name,
    package: `@modelcontextprotocol/server-${name}`,
    version,
    group: 'apps-example',
    args: () => ['--stdio'],
    env: () => ({}),
    ...(name.startsWith('basic-') &&
      name !== 'basic-vanillajs' && {
        leftOut: 'the get-time tool of basic-vanillajs again (one demo in six UI frameworks)',
      }),
  })),
];

function reference(name, version, { args = () => [], env = () => ({}) } = {}) {
  return {
    namespace: name,
    package: `@modelcontextprotocol/server-${name}`,
    version,
    group: 'reference',
    args,
    env,
  };
}

/** Services some servers need, started on first use on a free loopback port and stopped at the end. */
const services = {
  stops: [],
  redis: undefined,
  redisUrl() {
    if (this.redis === undefined) {
      const port = freePort();
      const found = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
      if (found.status !== 0) {
        throw stageError('start', 'needs a reachable Redis, and redis-server is not installed');
      }
      const server = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      this.stops.push(() => server.kill());
      this.redis = `redis://127.0.0.1:${port}`;
      waitForPort(port);
    }
    return this.redis;
  },
};

/** A port nothing listens on now, found by binding port 0 in a child Node. */
function freePort() {
  const result = spawnSync(
    process.execPath,
    [
      '-e',
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
    ],
    { encoding: 'utf8' },
  );
  return Number(result.stdout.trim());
}

/** Waits (at most 10 s) until something accepts connections on the loopback port. */
function waitForPort(port) {
  const script = `const net=require('net');const end=Date.now()+10000;(function t(){const c=net.connect(${port},'127.0.0.1');c.on('connect',()=>{c.end();process.exit(0)});c.on('error',()=>Date.now()>end?process.exit(1):setTimeout(t,100))})()`;
  if (spawnSync(process.execPath, ['-e', script]).status !== 0) {
    throw stageError('start', `redis-server did not listen on port ${port}`);
  }
}

function mkdir(path) {
  mkdirSync(path, { recursive: true });
  return path;
}

const { values } = parseArgs({
  options: {
    prefix: { type: 'string' },
    out: { type: 'string', default: 'corpus/mcp-servers.json' },
    only: { type: 'string' },
    timeout: { type: 'string', default: '30000' },
    'dry-run': { type: 'boolean', default: false },
  },
});
const timeoutMs = Number(values.timeout);
const prefix = resolve(values.prefix ?? mkdtempSync(join(tmpdir(), 'mcp-servers-')));
const only = values.only?.split(',').map((name) => name.trim());
const chosen = SERVERS.filter((server) => only === undefined || only.includes(server.namespace));
if (only !== undefined && chosen.length !== only.length) {
  throw new Error(`--only names an unknown server; known: ${SERVERS.map((s) => s.namespace)}`);
}

/** Installs the pinned version into its own folder and returns the path of its `bin`. */
function install(server) {
  const dir = mkdir(join(prefix, server.namespace));
  const packageDir = join(dir, 'node_modules', ...server.package.split('/'));
  const manifestPath = join(packageDir, 'package.json');
  const installed = existsSync(manifestPath)
    ? JSON.parse(readFileSync(manifestPath, 'utf8')).version
    : undefined;
  if (installed !== server.version) {
    const result = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        `${server.package}@${server.version}`,
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' },
        timeout: 5 * 60_000,
      },
    );
    if (result.status !== 0) {
      throw stageError('install', lastLines(`${result.stderr}\n${result.error ?? ''}`));
    }
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const bin =
    typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin ?? {})[0];
  if (typeof bin !== 'string') throw stageError('install', 'the package has no bin');
  return { dir, bin: join(packageDir, bin), version: manifest.version };
}

/** Starts the server over stdio, lists every tool (bounded), and closes it. */
async function listTools(server, dir, bin) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, ...server.args(dir, services)],
    env: { PATH: process.env.PATH ?? '', HOME: dir, ...server.env(dir) },
    cwd: dir,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => {
    stderr = `${stderr}${chunk}`.slice(-4000);
  });
  const client = new Client({ name: 'tool-disclosure-corpus', version: '1.0.0' });
  let stage = 'start';
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([
      deadline,
      (async () => {
        await client.connect(transport, { timeout: timeoutMs });
        stage = 'list';
        const tools = [];
        let cursor;
        for (let page = 0; page < MAX_PAGES; page++) {
          const result = await client.listTools(cursor === undefined ? {} : { cursor }, {
            timeout: timeoutMs,
          });
          tools.push(...result.tools);
          cursor = result.nextCursor;
          if (cursor == null) break;
        }
        if (cursor != null) throw new Error(`still more tools after ${MAX_PAGES} pages`);
        return {
          tools,
          info: client.getServerVersion(),
          instructions: client.getInstructions(),
        };
      })(),
    ]);
  } catch (error) {
    if (error.stage !== undefined) throw error;
    const said = lastLines(stderr);
    throw stageError(
      stage,
      `${describeError(error)}${said === '' ? '' : `; the server wrote: ${said}`}`,
    );
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => {});
    await transport.close().catch(() => {});
  }
}

/** An error's message on one line; the SDK's schema errors (a JSON list of issues) summarised. */
function describeError(error) {
  try {
    const issues = JSON.parse(error.message);
    if (Array.isArray(issues) && issues.length > 0) {
      const [first] = issues;
      return `the SDK client refuses the answer: ${issues.length} schema issues, the first at ${first.path.join('.')}: ${first.message}`;
    }
  } catch {}
  return error.message.replace(/\s+/g, ' ');
}

function stageError(stage, reason) {
  return Object.assign(new Error(reason), { stage });
}

function lastLines(text) {
  return text
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at '))
    .slice(-3)
    .join(' | ')
    .slice(-400);
}

/** A listed MCP tool as a definition of the eval corpus format. */
function toDefinition(namespace, tool) {
  const name = `${namespace}__${tool.name}`;
  if (!WIRE_NAME.test(name)) throw new Error(`${name} is not a usable wire name`);
  const definition = {
    name,
    capability_id: `${namespace}.${tool.name}`,
    namespace,
    kind: 'mcp',
    description: tool.description ?? '',
    parameters: tool.inputSchema,
  };
  if (tool.outputSchema !== undefined) definition.output_schema = tool.outputSchema;
  const hints = Object.fromEntries(
    ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'].flatMap((hint) =>
      typeof tool.annotations?.[hint] === 'boolean' ? [[hint, tool.annotations[hint]]] : [],
    ),
  );
  if (Object.keys(hints).length > 0) definition.annotations = hints;
  return definition;
}

const outPath = resolve(values.out);
const previous = existsSync(outPath) ? JSON.parse(readFileSync(outPath, 'utf8')) : {};
const rows = new Map((previous.servers ?? []).map((row) => [row.namespace, row]));
const toolsByServer = new Map();
for (const tool of previous.tools ?? []) {
  toolsByServer.set(tool.namespace, [...(toolsByServer.get(tool.namespace) ?? []), tool]);
}
const namespaces = { ...previous.namespaces };

for (const server of chosen) {
  const row = { namespace: server.namespace, package: server.package, group: server.group };
  toolsByServer.delete(server.namespace);
  delete namespaces[server.namespace];
  try {
    const { dir, bin, version } = install(server);
    row.version = version;
    const listed = await listTools(server, dir, bin);
    const tools = listed.tools.map((tool) => toDefinition(server.namespace, tool));
    if (tools.length === 0) throw stageError('list', 'the server lists no tools');
    Object.assign(row, {
      status: 'listed',
      tool_count: tools.length,
      server_name: listed.info?.name,
      server_version: listed.info?.version,
    });
    if (server.leftOut === undefined) {
      toolsByServer.set(server.namespace, tools);
      if (listed.instructions?.trim()) namespaces[server.namespace] = listed.instructions.trim();
    } else {
      row.left_out = server.leftOut;
    }
  } catch (error) {
    row.version ??= server.version;
    Object.assign(row, { status: 'failed', stage: error.stage ?? 'list', reason: error.message });
  }
  rows.set(server.namespace, row);
  const outcome =
    row.status === 'listed'
      ? `${row.tool_count} tools`
      : `failed at ${row.stage}: ${row.reason.slice(0, 200)}`;
  process.stderr.write(`${server.package}@${row.version}: ${outcome}\n`);
}

const order = SERVERS.map((server) => server.namespace);
const servers = order.flatMap((name) => (rows.has(name) ? [rows.get(name)] : []));
const output = {
  description: previous.description ?? '',
  servers,
  namespaces: Object.fromEntries(
    order.flatMap((n) => (n in namespaces ? [[n, namespaces[n]]] : [])),
  ),
  tools: order.flatMap((name) => toolsByServer.get(name) ?? []),
  intents: previous.intents ?? [],
};
for (const stop of services.stops) stop();
const listedCount = servers.filter((row) => row.status === 'listed').length;
process.stderr.write(
  `${listedCount} of ${servers.length} servers listed; the catalog has ${output.tools.length} tools\n`,
);
if (!values['dry-run']) writeFileSync(outPath, `${JSON.stringify(output, null, 2)}\n`);
