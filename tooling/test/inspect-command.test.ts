import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../src/cli/run-cli-captured.case.js';

interface Report {
  mode: string;
  deferred: boolean;
  catalog_tools: number;
  authorized_tools: number;
  advertised: string[];
  tool_search_description: string | null;
  tokens: { full: number; advertised: number };
  bytes: { tool_search_description: number };
}

interface CorpusTool {
  name: string;
  capability_id: string;
}

const CORPUS = fileURLToPath(new URL('../corpus/judged-corpus.json', import.meta.url));
const corpus = JSON.parse(readFileSync(CORPUS, 'utf8')) as {
  namespaces: Record<string, string>;
  tools: CorpusTool[];
};
const namespaceOf = (tool: CorpusTool) => tool.capability_id.split('.')[0] as string;
const corpusNamespaces = [...new Set(corpus.tools.map(namespaceOf))].sort();
const countIn = (namespace: string) =>
  corpus.tools.filter((tool) => namespaceOf(tool) === namespace).length;

/** The distractor namespaces of SPEC §9, in generator order. */
const DISTRACTOR_NAMESPACES = `asset_hub audit_log billing_ops compliance_archive content_registry
  customer_directory data_exchange device_fleet document_vault incident_queue inventory_ledger
  media_pipeline network_inventory quality_control research_catalog service_directory support_queue
  telemetry_store training_library workflow_admin`.split(/\s+/);
const BRIDGES = ['tool_search', 'tool_describe', 'tool_call'];
const TAIL_HINT = 'use tool_search(query="<service or action>").';
const PADDED = ['--catalog', CORPUS, '--distractors', '1000'];

const inspect = (args: readonly string[], environment: Record<string, string> = {}) =>
  runCliCaptured(['inspect', ...args], environment);

/** Runs with --json, expects success and a silent stderr, and parses the report. */
async function inspectJson(args: readonly string[], environment: Record<string, string> = {}) {
  const result = await inspect([...args, '--json'], environment);
  expect(result).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(result.stdout) as Report;
}

function descriptionLines(report: Report): string[] {
  expect(report.tool_search_description).toEqual(expect.any(String));
  return (report.tool_search_description ?? '').split('\n');
}

let directory = '';
async function writeCatalog(fileName: string, content: unknown): Promise<string> {
  const path = join(directory, fileName);
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const smallTools = [
  { name: 'notes__create', description: 'Create a note.', parameters: objectWith('title') },
  { name: 'notes__search', description: 'Search notes by text.', parameters: objectWith('query') },
  { name: 'tasks__complete', description: 'Mark a task done.', parameters: objectWith('task_id') },
];
function objectWith(property: string) {
  return { type: 'object', properties: { [property]: { type: 'string' } }, required: [property] };
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'inspect-command-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('tool-disclosure inspect --json', () => {
  it('prints exactly one JSON object on one line with keys in the documented order', async () => {
    const result = await inspect([...PADDED, '--json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.endsWith('\n')).toBe(true);
    expect(result.stdout.split('\n')).toHaveLength(2);
    const report = JSON.parse(result.stdout) as Report;
    expect(Object.keys(report).join(' ')).toBe(
      'mode deferred catalog_tools authorized_tools advertised tool_search_description tokens bytes',
    );
    expect(Object.keys(report.tokens)).toEqual(['full', 'advertised']);
    expect(Object.keys(report.bytes)).toEqual(['tool_search_description']);
  });

  it('defers the corpus padded to 1,000 tools behind a bounded namespace header', async () => {
    const report = await inspectJson(PADDED);
    expect(report).toMatchObject({ mode: 'namespaces', deferred: true, catalog_tools: 1000 });
    expect(report.authorized_tools).toBe(1000);
    expect(report.advertised).toEqual(BRIDGES);

    const description = report.tool_search_description ?? '';
    expect(Buffer.byteLength(description, 'utf8')).toBe(report.bytes.tool_search_description);
    expect(report.bytes.tool_search_description).toBeLessThanOrEqual(4096);
    expect(report.tokens.advertised).toBeLessThanOrEqual(1500);
    expect(report.tokens.full).toBeGreaterThanOrEqual(50 * report.tokens.advertised);

    const lines = descriptionLines(report);
    const namespaces = [...corpusNamespaces, ...DISTRACTOR_NAMESPACES].sort();
    expect(lines[0]).toMatch(
      /^1000 more authorized tools in 46 namespaces can be found .*Namespaces:$/,
    );
    const roundsAt = lines.indexOf('Representative tools (fair namespace rounds):');
    expect(roundsAt).toBe(1 + namespaces.length);
    const distractors = 1000 - corpus.tools.length;
    expect(lines.slice(1, roundsAt)).toEqual(
      namespaces.map((namespace) => {
        const index = DISTRACTOR_NAMESPACES.indexOf(namespace);
        if (index < 0)
          return `- ${namespace} (${countIn(namespace)}): ${corpus.namespaces[namespace]}`;
        const count = Math.ceil((distractors - ((index + 15) % 20)) / 20); // (o + 5) % 20 === index
        return `- ${namespace} (${count})`;
      }),
    );
    const shown = lines.slice(roundsAt + 1, -1);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(namespaces.length);
    // First round: one tool per namespace, namespaces in byte order.
    expect(shown.map((line) => line.split('__')[0])).toEqual(
      namespaces.slice(0, shown.length).map((namespace) => `- ${namespace}`),
    );
    expect(lines.at(-1)).toBe(`…and ${report.authorized_tools - shown.length} more — ${TAIL_HINT}`);
  });

  it.each([
    ['flat', []],
    ['deferred', ['--max-tools', '0']],
  ])('--allow github.* leaks no other namespace or tool (%s)', async (_, extra) => {
    const result = await inspect([...PADDED, '--allow', 'github.*', ...extra, '--json']);
    expect(result.code).toBe(0);
    const github = corpus.tools.filter((tool) => namespaceOf(tool) === 'github');
    const report = JSON.parse(result.stdout) as Report;
    expect(report.authorized_tools).toBe(github.length);
    expect(report.catalog_tools).toBe(1000);
    expect(report.deferred).toBe(extra.length > 0);
    expect(result.stdout).toContain('github__create_issue');
    const others = [
      ...corpusNamespaces.filter((namespace) => namespace !== 'github'),
      ...DISTRACTOR_NAMESPACES,
      ...corpus.tools
        .filter((tool) => namespaceOf(tool) !== 'github')
        .flatMap((tool) => [tool.name, tool.capability_id]),
    ];
    expect(others.filter((name) => result.stdout.includes(name))).toEqual([]);
  });

  it('advertises five authorized tools as they are, in the order of the file', async () => {
    const report = await inspectJson([
      '--catalog',
      CORPUS,
      '--allow',
      'notion.search,github.create_*',
    ]);
    expect(report.deferred).toBe(false);
    expect(report.authorized_tools).toBe(5);
    expect(report.advertised).toEqual([
      'github__create_issue',
      'github__create_pull_request',
      'github__create_issue_comment',
      'github__create_release',
      'notion__search',
    ]);
    expect(report.tool_search_description).toBeNull();
    expect(report.bytes.tool_search_description).toBe(0);
    expect(report.tokens.advertised).toBe(report.tokens.full);
    expect(report.tokens.full).toBeGreaterThan(0);
  });
});

describe('determinism', () => {
  it('prints identical bytes for identical runs', async () => {
    const first = await inspect([...PADDED, '--json']);
    const second = await inspect([...PADDED, '--json']);
    expect(second.stdout).toBe(first.stdout);
  });

  it('renders the same header and tokens when the file lists the tools in another order', async () => {
    const count = corpus.tools.length;
    const shuffled = corpus.tools.map((_, index) => corpus.tools[(index * 37) % count]);
    expect(shuffled[1]).not.toEqual(corpus.tools[1]);
    const namespaces = Object.fromEntries(Object.entries(corpus.namespaces).reverse());
    const path = await writeCatalog('shuffled.json', { namespaces, tools: shuffled });
    for (const extra of [
      ['--distractors', '1000'],
      ['--mode', 'compact'],
      ['--mode', 'off'],
    ]) {
      const original = await inspectJson(['--catalog', CORPUS, ...extra]);
      const reordered = await inspectJson(['--catalog', path, ...extra]);
      expect(reordered.tool_search_description).toBe(original.tool_search_description);
      expect(reordered.tokens).toEqual(original.tokens);
    }
  });
});

describe('--mode and TOOL_DISCLOSURE', () => {
  const wireNames = corpus.tools.map((tool) => tool.name);

  it('off advertises every authorized tool, flat', async () => {
    const report = await inspectJson(['--catalog', CORPUS, '--mode', 'off']);
    expect(report).toMatchObject({ mode: 'off', deferred: false, tool_search_description: null });
    expect(report.advertised).toEqual(wireNames);
    expect(report.tokens.advertised).toBe(report.tokens.full);
  });

  it.each([
    ['compact', 'Results list names and descriptions only'],
    ['signatures', 'Results include complete parameter schemas'],
  ])('%s describes tool_search with an alphabetical index', async (mode, results) => {
    const report = await inspectJson(['--catalog', CORPUS, '--mode', mode]);
    expect(report).toMatchObject({ mode, deferred: true, advertised: BRIDGES });
    const [first, ...rest] = descriptionLines(report);
    expect(first).toMatch(/^112 more authorized tools can be found with tool_search\. .*Tools:$/);
    expect(first).toContain(results);
    expect(rest).toEqual([...wireNames].sort().map((name) => `- ${name}`));
  });

  it.each(['namespaces', 'bridged'])('%s describes tool_search with namespaces', async (mode) => {
    const report = await inspectJson(['--catalog', CORPUS, '--mode', mode]);
    expect(report).toMatchObject({ mode, deferred: true, advertised: BRIDGES });
    const lines = descriptionLines(report);
    expect(lines[0]).toMatch(/^112 more authorized tools in 26 namespaces .*Namespaces:$/);
    expect(lines.slice(1, 27)).toEqual(
      corpusNamespaces.map((ns) => `- ${ns} (${countIn(ns)}): ${corpus.namespaces[ns]}`),
    );
  });

  it('reads TOOL_DISCLOSURE case-insensitively; empty means namespaces', async () => {
    const args = ['--catalog', CORPUS];
    expect((await inspectJson(args, { TOOL_DISCLOSURE: 'SIGNATURES' })).mode).toBe('signatures');
    expect((await inspectJson(args, { TOOL_DISCLOSURE: '' })).mode).toBe('namespaces');
    expect((await inspectJson(args, {})).mode).toBe('namespaces');
    const explicit = await inspectJson([...args, '--mode', 'compact'], { TOOL_DISCLOSURE: 'off' });
    expect(explicit.mode).toBe('compact');
  });

  it('fails closed to off with one warning for an unknown TOOL_DISCLOSURE value', async () => {
    const result = await inspect(['--catalog', CORPUS, '--json'], { TOOL_DISCLOSURE: 'banana' });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /^tool-disclosure: warning: TOOL_DISCLOSURE="banana" .*"off".*\n$/,
    );
    expect(result.stderr.split('\n')).toHaveLength(2);
    const report = JSON.parse(result.stdout) as Report;
    expect(report).toMatchObject({ mode: 'off', deferred: false, authorized_tools: 112 });
    expect(report.advertised).toEqual(wireNames);
  });
});

describe('caps: --max-tokens, --max-tools, --context-window', () => {
  let path = '';
  let full = 0;
  beforeAll(async () => {
    path = await writeCatalog('small.json', { tools: smallTools });
    const report = await inspectJson(['--catalog', path, '--max-tokens', '1000000']);
    expect(report.deferred).toBe(false);
    full = report.tokens.full;
    expect(full).toBeGreaterThan(0);
  });
  const deferredWith = async (...args: string[]) =>
    (await inspectJson(['--catalog', path, ...args])).deferred;

  it('is flat at exactly --max-tokens and deferred one token below', async () => {
    expect(await deferredWith('--max-tokens', String(full))).toBe(false);
    expect(await deferredWith('--max-tokens', String(full - 1))).toBe(true);
  });

  it('is flat at exactly --max-tools and deferred one tool below', async () => {
    const big = ['--max-tokens', '1000000'];
    expect(await deferredWith(...big, '--max-tools', '3')).toBe(false);
    expect(await deferredWith(...big, '--max-tools', '2')).toBe(true);
  });

  it('uses floor(--context-window / 10) as the token threshold when it is lower', async () => {
    const big = ['--max-tokens', '1000000', '--context-window'];
    expect(await deferredWith(...big, String(full * 10))).toBe(false);
    expect(await deferredWith(...big, String(full * 10 + 9))).toBe(false);
    expect(await deferredWith(...big, String(full * 10 - 1))).toBe(true);
    const lower = ['--max-tokens', String(full - 1), '--context-window', '100000000'];
    expect(await deferredWith(...lower)).toBe(true);
  });
});

describe('--core and --profile', () => {
  const gmailCore = [
    'create_draft',
    'modify_labels',
    'search_messages',
    'send_message',
    'trash_message',
  ];

  it('--core puts core tools first in canonical order and keeps them out of the header', async () => {
    const report = await inspectJson(['--catalog', CORPUS, '--core', 'gmail.*']);
    expect(report.advertised).toEqual([...gmailCore.map((name) => `gmail__${name}`), ...BRIDGES]);
    expect(report.tool_search_description).not.toContain('gmail');
    expect(descriptionLines(report)[0]).toMatch(/^107 more authorized tools in 25 namespaces /);
  });

  const pins = JSON.stringify({
    support: ['zendesk.create_ticket', 'stripe.create_refund', 'gmail.send_message', 'no.such'],
  });
  const profileArgs = ['--catalog', CORPUS, '--profile', 'support', '--deny', 'stripe.*'];

  it('bridged mode advertises pins after core and before the bridges, never denied ones', async () => {
    const report = await inspectJson(
      [...profileArgs, '--mode', 'bridged', '--core', 'builtin.current_time'],
      { TOOL_DISCLOSURE_PROFILE_PINS: pins },
    );
    expect(report.advertised).toEqual([
      'builtin__current_time',
      'gmail__send_message',
      'zendesk__create_ticket',
      ...BRIDGES,
    ]);
    expect(descriptionLines(report)[0]).toMatch(/^103 more authorized tools in 25 namespaces /);
    expect(report.tool_search_description).not.toContain('stripe');
  });

  it('pins have no effect in namespaces mode', async () => {
    const environment = { TOOL_DISCLOSURE_PROFILE_PINS: pins };
    const pinned = await inspect([...profileArgs, '--mode', 'namespaces', '--json'], environment);
    const plain = await inspect(['--catalog', CORPUS, '--deny', 'stripe.*', '--json']);
    expect(pinned.code).toBe(0);
    expect(pinned.stdout).toBe(plain.stdout);
    expect((JSON.parse(pinned.stdout) as Report).advertised).toEqual(BRIDGES);
  });

  it('rejects invalid pins JSON with exit code 1 and one line naming the variable', async () => {
    const result = await inspect([...profileArgs, '--mode', 'bridged', '--json'], {
      TOOL_DISCLOSURE_PROFILE_PINS: '{"support": [',
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^tool-disclosure: [^\n]*TOOL_DISCLOSURE_PROFILE_PINS[^\n]*\n$/);
  });
});

describe('bad input', () => {
  const missing = join(tmpdir(), 'inspect-command-absent', 'missing.json');
  const tools = (...definitions: unknown[]) => ({ tools: definitions });
  /** [title, exit code, catalog file content (or none), other arguments, what stderr says] */
  type Case = [string, number, unknown, string[], string[]];
  const nameless = tools(smallTools[0], { description: 'No name.' });
  const stringSchema = tools({ name: 'a__b', parameters: 'string' });
  const collision = tools({ name: 'a.b.c' }, { name: 'a__b__c' });
  const onCorpus = (...args: string[]) => ['--catalog', CORPUS, ...args];
  const cases: Case[] = [
    ['a missing catalog file', 2, undefined, ['--catalog', missing], [missing, 'no such file']],
    ['malformed JSON', 2, '{"tools": [', [], ['is not valid JSON']],
    ['an object without "tools"', 2, { namespaces: {} }, [], ['with a "tools" array']],
    ['a tool without a name', 1, nameless, [], ['Invalid tool definition #1: "name"']],
    ['parameters that are not a schema', 1, stringSchema, [], ['a__b', '"parameters"']],
    ['a bad glob', 2, undefined, onCorpus('--deny', '[abc'), ['Invalid glob "[abc" in --deny']],
    ['a negated glob', 2, undefined, onCorpus('--allow', '!github.*'), ['in --allow', 'negation']],
    [
      'a bad --core glob',
      2,
      undefined,
      onCorpus('--core', 'a[b'),
      ['Invalid glob "a[b" in --core'],
    ],
    ['an unknown flag', 2, undefined, onCorpus('--bogus'), ["'--bogus'", 'Usage: ']],
    ['a missing --catalog', 2, undefined, [], ['--catalog FILE is required']],
    ['a bad --mode', 2, undefined, onCorpus('--mode', 'fast'), ['must be one of', 'got "fast"']],
    ['a non-numeric --max-tools', 2, undefined, onCorpus('--max-tools', 'ten'), ['got "ten"']],
    ['two tools, one wire name', 1, collision, [], ['"a.b.c" and "a__b__c" both map to']],
    [
      'a zero --max-tokens',
      2,
      undefined,
      onCorpus('--max-tokens', '0'),
      ['--max-tokens must be an integer of at least 1'],
    ],
    [
      'a zero --context-window',
      2,
      undefined,
      onCorpus('--context-window', '0'),
      ['--context-window must be'],
    ],
    [
      '--allow without a value',
      2,
      undefined,
      onCorpus('--allow', '--help'),
      ["'--allow' argument is ambiguous"],
    ],
  ];

  it.each(cases)('rejects %s', async (title, code, file, args, says) => {
    const path =
      file === undefined
        ? []
        : ['--catalog', await writeCatalog(`${title.replace(/\W+/g, '-')}.json`, file)];
    const result = await inspect([...path, ...args, '--json']);
    expect(result.code).toBe(code);
    expect(result.stdout).toBe('');
    expect(result.stderr.startsWith('tool-disclosure: ')).toBe(true);
    expect(result.stderr).not.toContain('    at ');
    for (const text of says) expect(result.stderr).toContain(text);
  });
});

describe('repeated list flags', () => {
  it('adds every --deny to the list', async () => {
    const report = await inspectJson([
      '--catalog',
      CORPUS,
      '--mode',
      'off',
      '--deny',
      'stripe.*',
      '--deny',
      'github.*',
    ]);
    expect(
      report.advertised.some((name) => name.startsWith('stripe__') || name.startsWith('github__')),
    ).toBe(false);
    expect(report.authorized_tools).toBe(
      corpus.tools.length - countIn('stripe') - countIn('github'),
    );
  });

  it('prints the usage for --help and exits 0', async () => {
    const result = await inspect(['--help']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.startsWith('Usage: tool-disclosure inspect --catalog FILE')).toBe(true);
  });
});

describe('readable output', () => {
  it('shows the mode, the advertised names and the tool_search description', async () => {
    const result = await inspect(PADDED);
    const report = await inspectJson(PADDED);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('mode: namespaces (deferred: bridges advertised)');
    expect(lines[1]).toBe('tools: 1000 authorized of 1000 in the catalog');
    expect(lines.slice(3, 7)).toEqual(['advertised (3):', ...BRIDGES.map((name) => `  ${name}`)]);
    expect(result.stdout).toContain(
      `tool_search description (${report.bytes.tool_search_description} bytes):\n${report.tool_search_description}\n`,
    );
  });

  it('says when the surface is flat and prints no description', async () => {
    const result = await inspect(['--catalog', CORPUS, '--allow', 'gmail.*']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^mode: namespaces \(flat: every authorized tool advertised\)\n/);
    expect(result.stdout).toContain('advertised (5):\n  gmail__send_message\n');
    expect(result.stdout).not.toContain('tool_search description');
  });
});
