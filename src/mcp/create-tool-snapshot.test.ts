import { describe, expect, it } from 'vitest';
import { InvalidToolSnapshotError } from '../error/invalid-tool-snapshot-error.js';
import { createToolSnapshot } from './create-tool-snapshot.js';
import { fingerprintMcpTool } from './fingerprint-mcp-tool.js';
import { connectFixtureServer } from './fixture-server.case.js';
import type { McpToolClient, McpToolDefinition } from './mcp-tool-client.js';
import { parseToolSnapshot } from './parse-tool-snapshot.js';

/** A client that lists `pages` of tools, one `listTools` call a page; it runs nothing. */
function listingClient(
  pages: readonly (readonly McpToolDefinition[])[],
  instructions?: string,
): McpToolClient {
  return {
    ...(instructions === undefined ? {} : { instructions }),
    async listTools(options) {
      const index = Number(options?.params?.cursor ?? 0);
      const next = index + 1 < pages.length ? { nextCursor: String(index + 1) } : {};
      return { tools: pages[index] ?? [], ...next };
    },
    callTool: () => Promise.reject(new Error('not for running tools')),
    close: async () => {},
  };
}

const read: McpToolDefinition = {
  name: 'read',
  description: 'Read a page.',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  annotations: { readOnlyHint: true, title: 'Read' },
};
const write: McpToolDefinition = {
  name: 'write',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
};

describe('createToolSnapshot', () => {
  it('lists every tool of the real fixture server, in byte order, each with a fingerprint', async () => {
    const client = await connectFixtureServer();
    try {
      const snapshot = await createToolSnapshot([{ name: 'forge', client }]);
      expect(snapshot.schema_version).toBe(1);
      expect(snapshot.servers).toEqual([{ name: 'forge' }]);
      expect(snapshot.tools.map((tool) => tool.name)).toEqual([
        'deploy.fail',
        'files.read',
        'issues/create',
        'issues/list',
        'repos.create',
      ]);
      const filesRead = snapshot.tools[1];
      expect(filesRead).toMatchObject({
        server: 'forge',
        description: 'Read a file from the default branch.',
        inputSchema: {
          type: 'object',
          properties: { path: { type: 'string', description: 'Path from the repository root.' } },
          required: ['path'],
        },
      });
      expect(filesRead?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
      expect(new Set(snapshot.tools.map((tool) => tool.fingerprint)).size).toBe(5);
    } finally {
      await client.close();
    }
  }, 20_000);

  it('gives the same bytes for the same servers, whatever order they and their keys come in', async () => {
    const reordered = (tool: McpToolDefinition): McpToolDefinition =>
      Object.fromEntries(Object.entries(tool).reverse()) as unknown as McpToolDefinition;
    const first = await createToolSnapshot([
      { name: 'wiki', client: listingClient([[read], [write]], 'Use read before write.') },
      { name: 'crm', client: listingClient([[write]]) },
    ]);
    const second = await createToolSnapshot([
      { name: 'crm', client: listingClient([[reordered(write)]]) },
      {
        name: 'wiki',
        client: listingClient([[reordered(write), reordered(read)]], 'Use read before write.'),
      },
    ]);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(first.servers).toEqual([
      { name: 'crm' },
      { name: 'wiki', instructions: 'Use read before write.' },
    ]);
    expect(first.tools.map((tool) => `${tool.server}.${tool.name}`)).toEqual([
      'crm.write',
      'wiki.read',
      'wiki.write',
    ]);
    expect(first.tools[1]?.annotations).toEqual({ readOnlyHint: true, title: 'Read' });
  });

  it('rejects a server name that is not a namespace, and one that repeats', async () => {
    await expect(
      createToolSnapshot([{ name: 'my wiki', client: listingClient([[read]]) }]),
    ).rejects.toSatisfy(
      (error) => InvalidToolSnapshotError.isInstance(error) && error.path === 'servers[0].name',
    );
    await expect(
      createToolSnapshot([
        { name: 'wiki', client: listingClient([[read]]) },
        { name: 'wiki', client: listingClient([[write]]) },
      ]),
    ).rejects.toThrow('server "wiki" is listed twice');
  });
});

describe('fingerprintMcpTool', () => {
  it('changes with the name, description, schema or annotations, not with key order', () => {
    const base = fingerprintMcpTool(read);
    expect(fingerprintMcpTool({ ...read, name: 'read2' })).not.toBe(base);
    expect(fingerprintMcpTool({ ...read, description: 'Read.' })).not.toBe(base);
    expect(fingerprintMcpTool({ ...read, inputSchema: { type: 'object' } })).not.toBe(base);
    expect(fingerprintMcpTool({ ...read, annotations: { readOnlyHint: false } })).not.toBe(base);
    expect(
      fingerprintMcpTool({
        annotations: { title: 'Read', readOnlyHint: true },
        inputSchema: { required: ['id'], properties: { id: { type: 'string' } }, type: 'object' },
        description: 'Read a page.',
        name: 'read',
      }),
    ).toBe(base);
  });
});

/** A snapshot of `read` and `write` as JSON, to edit. */
interface SnapshotJson {
  schema_version: number;
  tools: [JsonTool, JsonTool, ...JsonTool[]];
}

interface JsonTool {
  server: string;
  inputSchema: Record<string, unknown>;
  annotations: Record<string, unknown>;
}

describe('parseToolSnapshot', () => {
  const valid = async (): Promise<SnapshotJson> =>
    JSON.parse(
      JSON.stringify(
        await createToolSnapshot([{ name: 'wiki', client: listingClient([[read, write]]) }]),
      ),
    );

  it('reads back a snapshot written as JSON', async () => {
    const json = await valid();
    expect(parseToolSnapshot(json)).toEqual(json);
  });

  it.each([
    ['another format version', (s: SnapshotJson) => (s.schema_version = 2), 'schema_version'],
    [
      'a missing input schema',
      (s: SnapshotJson) => Reflect.deleteProperty(s.tools[0], 'inputSchema'),
      'tools[0].inputSchema',
    ],
    [
      'an input schema that is not an object schema',
      (s: SnapshotJson) => (s.tools[0].inputSchema.type = 'string'),
      'tools[0].inputSchema.type',
    ],
    [
      'a tool of no listed server',
      (s: SnapshotJson) => (s.tools[1].server = 'crm'),
      'tools[1].server',
    ],
    ['a tool listed twice', (s: SnapshotJson) => s.tools.push(s.tools[0]), 'tools[2].name'],
    [
      'an edited schema',
      (s: SnapshotJson) => (s.tools[0].inputSchema.required = []),
      'tools[0].fingerprint',
    ],
    [
      'edited annotations',
      (s: SnapshotJson) => (s.tools[0].annotations.readOnlyHint = false),
      'tools[0].fingerprint',
    ],
  ])('rejects %s, naming where', async (_case, edit, path) => {
    const json = await valid();
    edit(json);
    expect(() => parseToolSnapshot(json)).toThrow(InvalidToolSnapshotError);
    try {
      parseToolSnapshot(json);
    } catch (error) {
      expect(InvalidToolSnapshotError.isInstance(error) && error.path).toBe(path);
    }
  });

  it('rejects what is not a snapshot at all', () => {
    expect(() => parseToolSnapshot('{}')).toThrow('Invalid tool snapshot');
    expect(() => parseToolSnapshot(null)).toThrow('Invalid tool snapshot');
  });
});
