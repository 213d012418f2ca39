import { jsonSchema, type Tool, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { createCatalog, createCatalogSync } from '../index.js';

const noop = async () => 'ok';

describe('createCatalog: fingerprint', () => {
  const definitions = [
    { name: 'memory__save' },
    { name: 'memory__search' },
    { name: 'slack__send_message' },
    { name: 'github__create_issue' },
  ];

  it('has a fingerprint that ignores input order and changes with content', async () => {
    const first = await createCatalog({ definitions });
    const again = await createCatalog({ definitions: [...definitions] });
    const changed = await createCatalog({
      definitions: [
        ...definitions.slice(1),
        { name: 'memory__save', description: 'Save a memory.' },
      ],
    });
    expect(again.fingerprint).toBe(first.fingerprint);
    expect(first.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(changed.fingerprint).not.toBe(first.fingerprint);
  });

  it('has a fingerprint of tools that changes with every field of an entry, and only with content', async () => {
    const schema = (type: string) =>
      jsonSchema({ type: 'object', properties: { query: { type } } });
    const searchTool = (fields: Partial<Tool> = {}) =>
      tool({
        description: 'Search mail.',
        inputSchema: schema('string'),
        outputSchema: schema('string'),
        metadata: { aliases: ['find'], tags: ['mail'], annotations: { readOnlyHint: true } },
        execute: noop,
        ...fields,
      } as Tool);
    // The search tool with one metadata field other than the base's, next to the base send tool.
    const withMetadata = (metadata: Record<string, unknown>) => ({
      tools: {
        search: searchTool({
          metadata: {
            aliases: ['find'],
            tags: ['mail'],
            annotations: { readOnlyHint: true },
            ...metadata,
          },
        }),
        send: searchTool(),
      },
    });
    const described = (text: string) => ({
      description: ({ context }: { context: unknown }) => `${text} ${String(context)}`,
    });
    const variants: Record<string, () => Parameters<typeof createCatalog>[0]> = {
      base: () => ({ tools: { search: searchTool(), send: searchTool() } }),
      input: () => ({
        tools: { search: searchTool({ inputSchema: schema('number') }), send: searchTool() },
      }),
      output: () => ({
        tools: { search: searchTool({ outputSchema: schema('number') }), send: searchTool() },
      }),
      noOutput: () => ({
        tools: { search: searchTool({ outputSchema: undefined }), send: searchTool() },
      }),
      description: () => ({
        tools: { search: searchTool({ description: 'Find mail.' }), send: searchTool() },
      }),
      aliases: () => withMetadata({ aliases: ['lookup'] }),
      tags: () => withMetadata({ tags: ['inbox'] }),
      annotations: () => withMetadata({ annotations: { readOnlyHint: false } }),
      kind: () => ({
        tools: { search: { ...searchTool(), type: 'dynamic' } as Tool, send: searchTool() },
      }),
      key: () => ({ tools: { find: searchTool(), send: searchTool() } }),
      position: () => ({ tools: { send: searchTool(), search: searchTool() } }),
      core: () => ({ tools: { search: searchTool(), send: searchTool() }, core: ['search'] }),
      namespace: () => ({
        namespaces: { mail: { tools: { search: searchTool() } } },
        tools: { send: searchTool() },
      }),
      namespaceDescription: () => ({
        namespaces: { mail: { description: 'Mail.', tools: { search: searchTool() } } },
        tools: { send: searchTool() },
      }),
      contextA: () => ({
        tools: { search: searchTool(described('Search')), send: searchTool() },
        toolsContext: { search: 'a' },
      }),
      contextB: () => ({
        tools: { search: searchTool(described('Search')), send: searchTool() },
        toolsContext: { search: 'b' },
      }),
      definition: () => ({
        definitions: [{ name: 'search', description: 'Search mail.' }, { name: 'send' }],
      }),
      definitionSchema: () => ({
        definitions: [
          { name: 'search', description: 'Search mail.', parameters: { type: 'object' } },
          { name: 'send' },
        ],
      }),
      definitionOutput: () => ({
        definitions: [
          { name: 'search', description: 'Search mail.', output_schema: { type: 'object' } },
          { name: 'send' },
        ],
      }),
    };
    const fingerprints = new Map<string, string>();
    for (const [name, options] of Object.entries(variants)) {
      const catalog = await createCatalog(options());
      // Fresh tool objects of equal content, built either way, give the same fingerprint.
      expect((await createCatalog(options())).fingerprint, name).toBe(catalog.fingerprint);
      expect(createCatalogSync(options()).fingerprint, name).toBe(catalog.fingerprint);
      fingerprints.set(name, catalog.fingerprint);
    }
    expect(new Set(fingerprints.values()).size).toBe(fingerprints.size);
  });

  it('fingerprints a schema given as a promise as it settled for the entry', async () => {
    const objectWith = (property: string) => ({
      type: 'object' as const,
      properties: { [property]: { type: 'string' as const } },
    });
    let reads = 0;
    // Settles to another schema each time it is awaited: the tool digest saw the first.
    const flipping = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable is what is tested
      then(resolve: (value: unknown) => void) {
        reads += 1;
        resolve(objectWith(reads === 1 ? 'first' : 'second'));
      },
    } as PromiseLike<ReturnType<typeof objectWith>>;
    const lookup = (inputSchema: unknown) =>
      createCatalog({ tools: { lookup: tool({ inputSchema, execute: noop } as Tool) } });
    const flipped = await lookup(jsonSchema(flipping));
    // Awaited twice: first for the tool's digest, then for the entry.
    expect(reads).toBe(2);
    expect(flipped.entries[0]?.parameters).toEqual(objectWith('second'));
    const steady = await lookup(jsonSchema(Promise.resolve(objectWith('second'))));
    expect(flipped.fingerprint).toBe(steady.fingerprint);
    const other = await lookup(jsonSchema(Promise.resolve(objectWith('first'))));
    expect(other.fingerprint).not.toBe(steady.fingerprint);
  });

  it('fingerprints the description an entry holds when a getter gives another one on a later read', async () => {
    const schema = jsonSchema({ type: 'object', properties: { query: { type: 'string' } } });
    // The catalog reads the description for the entry, then for the tool's digest.
    const shifting = () => {
      let reads = 0;
      const value = { inputSchema: schema, execute: noop } as Tool;
      Object.defineProperty(value, 'description', {
        enumerable: true,
        get: () => (reads++ === 0 ? 'Search mail.' : 'Delete mail.'),
      });
      return value;
    };
    const steady = tool({ description: 'Delete mail.', inputSchema: schema, execute: noop });
    const shifted = await createCatalog({ tools: { search: shifting() } });
    const plain = await createCatalog({ tools: { search: steady } });
    expect(shifted.entries[0]?.description).toBe('Search mail.');
    expect(plain.entries[0]?.description).toBe('Delete mail.');
    expect(shifted.fingerprint).not.toBe(plain.fingerprint);
  });

  it('still refuses a schema that cannot be serialized, as it cannot be fingerprinted', async () => {
    const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    const tools = { loop: tool({ inputSchema: jsonSchema(cyclic), execute: noop }) };
    await expect(createCatalog({ tools })).rejects.toThrow(TypeError);
    expect(() => createCatalogSync({ tools })).toThrow(TypeError);
  });
});
