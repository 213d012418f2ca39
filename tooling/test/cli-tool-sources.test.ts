/**
 * The CLI on real catalogs: `--mcp`, `--mcp-url` and `--tools` against real MCP
 * servers over real transports, no mocked transport. The public reference
 * servers from npm (@modelcontextprotocol/server-everything,
 * server-filesystem and server-memory, run with node from their bin files: offline, no npx) and
 * the project's fixture server over stdio; a Streamable HTTP fixture server on
 * 127.0.0.1, started once for the file. Each command starts its stdio servers
 * and closes them before it returns.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadToolSources } from '../src/cli/load-tool-sources.js';
import { McpServerError } from '../src/cli/mcp-server-error.js';
import { runCli } from '../src/cli/run-cli.js';
import { HTTP_FIXTURE_INSTRUCTIONS } from './fixtures/mcp-http-server.js';

const root = fileURLToPath(new URL('..', import.meta.url));
// npm hoists the servers to the repository's node_modules; the stdio fixture and the tools module
// are the library's test fixtures.
const repository = fileURLToPath(new URL('../..', import.meta.url));
const node = process.execPath;
const quote = (path: string) => `'${path}'`;
const everythingBin = join(
  repository,
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
const filesystemBin = join(
  repository,
  'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js',
);
const memoryBin = join(
  repository,
  'node_modules/@modelcontextprotocol/server-memory/dist/index.js',
);
const stdioFixture = join(repository, 'test/fixtures/mcp-server.ts');
const httpFixture = join(root, 'test/fixtures/mcp-http-server.ts');
const toolsModule = join(repository, 'test/fixtures/tools-module.ts');

const TOKEN = 'fixture-token';
let directory: string;
let httpServer: ChildProcess | undefined;
let httpUrl: string;
let everything: string;
let filesystem: string;
const forge = `forge=${quote(node)} --experimental-strip-types --no-warnings ${quote(stdioFixture)}`;
const exitsAtOnce = `broken=${quote(node)} -e 'process.exit(3)'`;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'tool-disclosure-sources-'));
  everything = `everything=${quote(node)} ${quote(everythingBin)}`;
  filesystem = `fs=${quote(node)} ${quote(filesystemBin)} ${quote(directory)}`;
  const child = spawn(node, ['--experimental-strip-types', '--no-warnings', httpFixture], {
    env: { ...process.env, MCP_FIXTURE_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  httpServer = child;
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the HTTP fixture exited (${code})`)));
  });
  httpUrl = `http://127.0.0.1:${port}/mcp`;
}, 20_000);

afterAll(async () => {
  httpServer?.kill();
  await rm(directory, { recursive: true, force: true });
});

async function cli(args: string[], environment: Record<string, string | undefined> = process.env) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    environment,
  });
  return { code, stdout, stderr };
}

interface InspectReport {
  catalog_tools: number;
  advertised: string[];
  tool_search_description: string | null;
  servers: { namespace: string; transport: string; tools: number; error?: string }[];
}

describe('the public reference servers over stdio', () => {
  it('inspect --mcp ... --json prints the surface of both servers’ tools', async () => {
    const { code, stdout, stderr } = await cli([
      'inspect',
      '--mcp',
      everything,
      '--mcp',
      filesystem,
      '--json',
    ]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(stdout) as InspectReport;
    const [first, second] = report.servers;
    expect(report.servers.map(({ namespace, transport }) => ({ namespace, transport }))).toEqual([
      { namespace: 'everything', transport: 'stdio' },
      { namespace: 'fs', transport: 'stdio' },
    ]);
    expect(first?.tools).toBeGreaterThanOrEqual(10);
    expect(second?.tools).toBeGreaterThanOrEqual(10);
    expect(report.catalog_tools).toBe((first?.tools ?? 0) + (second?.tools ?? 0));
    // Few enough tools to advertise flat: every tool of both servers is on the surface.
    expect(report.advertised).toEqual(
      expect.arrayContaining(['everything__echo', 'everything__get-sum', 'fs__read_text_file']),
    );
  }, 30_000);

  it('search finds a server’s tool by what it does', async () => {
    const { code, stdout } = await cli([
      'search',
      '--mcp',
      everything,
      '--mcp',
      filesystem,
      '--json',
      'read',
      'a',
      'text',
      'file',
    ]);
    expect(code).toBe(0);
    const response = JSON.parse(stdout) as { results: { name: string; capability_id: string }[] };
    expect(response.results[0]?.capability_id).toBe('fs.read_text_file');
  }, 30_000);

  it('names a server without NAME= after the name it gives, and searches its tools (server-memory)', async () => {
    const memory = `${quote(node)} ${quote(memoryBin)}`;
    const listed = await cli(['inspect', '--mcp', memory, '--json']);
    expect(listed.code).toBe(0);
    const report = JSON.parse(listed.stdout) as InspectReport;
    expect(report.servers.map(({ namespace, tools }) => ({ namespace, tools }))).toEqual([
      { namespace: 'memory-server', tools: report.catalog_tools },
    ]);
    expect(report.advertised).toContain('memory-server__add_observations');
    const found = await cli([
      'search',
      '--mcp',
      memory,
      '--json',
      'add observations to an entity in the knowledge graph',
    ]);
    expect(found.code).toBe(0);
    const response = JSON.parse(found.stdout) as { results: { capability_id: string }[] };
    expect(response.results[0]?.capability_id).toBe('memory-server.add_observations');
  }, 30_000);

  it('eval judges intents that name the servers’ tools by canonical id or wire name', async () => {
    const corpus = join(directory, 'intents.json');
    await writeFile(
      corpus,
      JSON.stringify({
        intents: [
          { class: 'direct', query: 'add two numbers', relevance: { 'everything.get-sum': 3 } },
          {
            class: 'direct',
            query: 'read the contents of a text file',
            relevance: { 'fs.read_text_file': 3, fs__read_file: 2 },
          },
          { class: 'direct', query: 'move or rename a file', relevance: { fs__move_file: 3 } },
          { class: 'no_match', query: 'book a flight to Lisbon', relevance: {} },
        ],
      }),
    );
    const args = ['eval', '--corpus', corpus, '--mcp', everything, '--mcp', filesystem, '--json'];
    const { code, stdout, stderr } = await cli(args);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(stdout) as {
      tool_count: number;
      query_count: number;
      metrics: { recall_at_5: number };
    };
    expect(report.query_count).toBe(4);
    expect(report.tool_count).toBeGreaterThanOrEqual(20);
    expect(report.metrics.recall_at_5).toBe(1);

    await writeFile(
      corpus,
      JSON.stringify({ intents: [{ class: 'direct', query: 'x', relevance: { 'fs.nope': 3 } }] }),
    );
    const unknown = await cli(args);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('judges an unknown tool "fs.nope"');
  }, 30_000);
});

describe('demo with a server’s tools in its catalog', () => {
  it('runs the scripted task with the server’s tools beside the demo’s', async () => {
    const { code, stdout } = await cli(['demo', '--mcp', filesystem, '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as {
      catalog: { tools: number; sources: number };
      event_created: boolean;
    };
    expect(report.catalog.sources).toBeGreaterThanOrEqual(10);
    expect(report.catalog.tools).toBe(1000 + report.catalog.sources);
    expect(report.event_created).toBe(true);
  }, 30_000);
});

describe('the project’s fixture servers', () => {
  it('stdio and Streamable HTTP combine with a tools module; instructions describe the namespace', async () => {
    const pidFile = join(directory, 'forge.pid');
    const { code, stdout, stderr } = await cli(
      [
        'inspect',
        '--mcp',
        forge,
        '--mcp-url',
        `weather=${httpUrl}`,
        '--mcp-header',
        `Authorization: Bearer ${TOKEN}`,
        '--tools',
        toolsModule,
        '--distractors',
        '300',
        '--json',
      ],
      { ...process.env, MCP_FIXTURE_PID_FILE: pidFile },
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(stdout) as InspectReport;
    expect(report.servers).toEqual([
      expect.objectContaining({ namespace: 'forge', transport: 'stdio', tools: 5 }),
      expect.objectContaining({ namespace: 'weather', transport: 'http', tools: 2 }),
    ]);
    expect(report.catalog_tools).toBe(300 + 5 + 2 + 2);
    expect(report.tool_search_description).toContain(HTTP_FIXTURE_INSTRUCTIONS);
    // The CLI closed the stdio server before it returned.
    const pid = Number(await readFile(pidFile, 'utf8'));
    expect(await exited(pid, 3_000)).toBe(true);
  }, 30_000);

  it('names a server without NAME= after the name it gives', async () => {
    const command = forge.slice('forge='.length);
    const { code, stdout } = await cli(['search', '--mcp', command, '--json', 'open an issue']);
    expect(code).toBe(0);
    const response = JSON.parse(stdout) as { results: { capability_id: string }[] };
    expect(response.results[0]?.capability_id).toBe('fixture-forge.issues.create');
  }, 30_000);

  it('an HTTP server that refuses the request is an error naming it, after the SSE fallback', async () => {
    const { code, stdout, stderr } = await cli(['inspect', '--mcp-url', `weather=${httpUrl}`]);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain('MCP server "weather"');
    expect(stderr).toMatch(/Streamable HTTP: .*401.*; SSE: .*401/);
  }, 30_000);
});

describe('servers that fail', () => {
  it('a server that exits at once is a typed error naming it, and exit 2', async () => {
    const { code, stdout, stderr } = await cli([
      'inspect',
      '--mcp',
      everything,
      '--mcp',
      exitsAtOnce,
    ]);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(
      /^tool-disclosure: MCP server "broken" \(command: .*\) could not be started/,
    );
    expect(stderr).toContain('check that the command runs on its own');

    const io = { stdout: () => {}, stderr: () => {}, environment: process.env };
    const error = await loadToolSources({ mcp: [exitsAtOnce] }, io).catch((caught) => caught);
    expect(McpServerError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ server: 'broken', problem: 'start' });
  }, 30_000);

  it('with --keep-going the other servers’ tools still load', async () => {
    const missing = 'missing=/no/such/command --flag';
    const { code, stdout, stderr } = await cli([
      'inspect',
      '--mcp',
      exitsAtOnce,
      '--mcp',
      everything,
      '--mcp',
      missing,
      '--keep-going',
      '--json',
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as InspectReport;
    expect(report.servers.map(({ namespace, error }) => [namespace, error !== undefined])).toEqual([
      ['broken', true],
      ['everything', false],
      ['missing', true],
    ]);
    expect(report.catalog_tools).toBe(report.servers[1]?.tools);
    expect(stderr).toContain('warning: MCP server "broken"');
    expect(stderr).toContain('warning: MCP server "missing"');
    expect(stderr).toContain('ENOENT');
  }, 30_000);

  it('a server that does not answer within --mcp-timeout is a time-out error', async () => {
    const hangs = `slow=${quote(node)} -e 'setInterval(() => {}, 1000)'`;
    const { code, stderr } = await cli(['search', '--mcp', hangs, '--mcp-timeout', '300', 'x']);
    expect(code).toBe(2);
    expect(stderr).toContain('MCP server "slow"');
    // The flag's value, not the default (DEFAULT_MCP_TIMEOUT_MS), is what ran out.
    expect(stderr).toContain('did not start and list its tools in time: no tool list after 300 ms');
    expect(stderr).toContain('raise the time-out (--mcp-timeout)');
  }, 30_000);

  it('bad source flags are usage errors', async () => {
    expect((await cli(['inspect'])).stderr).toContain(
      '--catalog FILE is required, or another tool source',
    );
    expect((await cli(['inspect', '--mcp-url', 'x=ftp://host'])).stderr).toContain(
      'http: or https:',
    );
    expect((await cli(['inspect', '--mcp', 'a=x', '--mcp', 'a=y'])).stderr).toContain(
      'two MCP servers are named "a"',
    );
    expect(
      (await cli(['inspect', '--mcp-url', `w=${httpUrl}`, '--mcp-header', 'nocolon'])).code,
    ).toBe(2);
    expect((await cli(['inspect', '--tools', join(directory, 'none.js')])).code).toBe(2);
  });
});

async function exited(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
