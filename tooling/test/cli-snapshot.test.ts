/**
 * `tool-disclosure snapshot` against real stdio MCP servers: the reference
 * server-everything from npm (run with node from its bin file, offline) and
 * the project's fixture server. The file it writes reads back with
 * parseToolSnapshot and serves the tools with createMcpToolsFromSnapshot.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseToolSnapshot } from 'tool-disclosure/mcp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/run-cli.js';

// npm hoists the servers to the repository's node_modules; the stdio fixture and the tools module
// are the library's test fixtures.
const repository = fileURLToPath(new URL('../..', import.meta.url));
const node = process.execPath;
const quote = (path: string) => `'${path}'`;
const everything = `everything=${quote(node)} ${quote(
  join(repository, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'),
)}`;
const forge = `forge=${quote(node)} --experimental-strip-types --no-warnings ${quote(
  join(repository, 'test/fixtures/mcp-server.ts'),
)}`;
const exitsAtOnce = `broken=${quote(node)} -e 'process.exit(3)'`;

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'tool-disclosure-snapshot-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    environment: process.env,
  });
  return { code, stdout, stderr };
}

describe('snapshot', () => {
  it('writes a snapshot of two servers that parses back, the same bytes each time', async () => {
    const first = join(directory, 'first.json');
    const second = join(directory, 'second.json');
    const run = await cli(['snapshot', '--mcp', forge, '--mcp', everything, '--out', first]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });

    const text = await readFile(first, 'utf8');
    const snapshot = parseToolSnapshot(JSON.parse(text));
    expect(snapshot.servers.map(({ name }) => name)).toEqual(['everything', 'forge']);
    const forgeTools = snapshot.tools.filter(({ server }) => server === 'forge');
    const everythingTools = snapshot.tools.filter(({ server }) => server === 'everything');
    expect(forgeTools.map(({ name }) => name)).toContain('issues/create');
    expect(everythingTools.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['echo', 'get-sum']),
    );
    expect(forgeTools.find(({ name }) => name === 'issues/create')).toMatchObject({
      description: expect.stringContaining('Open a new issue'),
      inputSchema: { type: 'object', required: ['title'] },
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(run.stdout).toBe(
      `wrote ${first}: 2 servers (everything ${everythingTools.length}, forge ${forgeTools.length}), ${snapshot.tools.length} tools, ${(await stat(first)).size} bytes\n`,
    );

    const again = await cli([
      'snapshot',
      '--mcp',
      everything,
      '--mcp',
      forge,
      '--out',
      second,
      '--json',
    ]);
    expect(again.code).toBe(0);
    expect(await readFile(second, 'utf8')).toBe(text);
    expect(JSON.parse(again.stdout)).toEqual({
      out: second,
      bytes: Buffer.byteLength(text),
      tools: snapshot.tools.length,
      servers: [
        { name: 'everything', tools: everythingTools.length },
        { name: 'forge', tools: forgeTools.length },
      ],
    });
  }, 30_000);

  it('a server that fails is exit 2 naming it, and nothing is written', async () => {
    const out = join(directory, 'failed.json');
    const { code, stdout, stderr } = await cli([
      'snapshot',
      '--mcp',
      forge,
      '--mcp',
      exitsAtOnce,
      '--out',
      out,
    ]);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(/^tool-disclosure: MCP server "broken" \(command: .*\) could not be/);
    await expect(stat(out)).rejects.toMatchObject({ code: 'ENOENT' });
  }, 30_000);

  it('with --keep-going the snapshot holds the servers that answered', async () => {
    const out = join(directory, 'kept.json');
    const { code, stderr } = await cli([
      'snapshot',
      '--mcp',
      exitsAtOnce,
      '--mcp',
      forge,
      '--keep-going',
      '--out',
      out,
    ]);
    expect(code).toBe(0);
    expect(stderr).toContain('warning: MCP server "broken"');
    const snapshot = parseToolSnapshot(JSON.parse(await readFile(out, 'utf8')));
    expect(snapshot.servers).toEqual([expect.objectContaining({ name: 'forge' })]);

    const none = await cli(['snapshot', '--mcp', exitsAtOnce, '--keep-going', '--out', out]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no MCP server could be listed');
  }, 30_000);

  it('usage errors: no --out, no server, a catalog or tools module, an argument', async () => {
    const missingOut = await cli(['snapshot', '--mcp', forge]);
    expect(missingOut.code).toBe(2);
    expect(missingOut.stderr).toContain('--out FILE is required');

    const noServer = await cli(['snapshot', '--out', join(directory, 'x.json')]);
    expect(noServer.code).toBe(2);
    expect(noServer.stderr).toContain('at least one MCP server is required');

    const catalog = await cli([
      'snapshot',
      '--catalog',
      'judged-corpus',
      '--tools',
      'x.ts',
      '--out',
      join(directory, 'x.json'),
    ]);
    expect(catalog.code).toBe(2);
    expect(catalog.stderr).toContain(
      'MCP servers only (--mcp, --mcp-url), not --catalog or --tools',
    );

    const extra = await cli(['snapshot', '--mcp', forge, '--out', 'x.json', 'stray']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('unexpected argument "stray"');

    const help = await cli(['snapshot', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: tool-disclosure snapshot --out FILE');
  });
});
