import { dynamicTool, jsonSchema, type Tool, type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z as z4 } from 'zod';
import { z as z3 } from 'zod-v3';
import { requiredParameters } from '../bridge/required-parameters.js';
import { runToolDescribe } from '../bridge/run-tool-describe.js';
import { runToolSearch } from '../bridge/run-tool-search.js';
import { validateToolInput } from '../bridge/validate-tool-input.js';
import {
  AsyncSchemaError,
  createCatalog,
  createCatalogSync,
  createDisclosure,
  InvalidGlobError,
  InvalidOptionError,
  InvalidToolDefinitionError,
  ToolDisclosureError,
  WireNameCollisionError,
} from '../index.js';
import { createOramaRanker, getSearchIndex } from '../search/index.js';
import type { CatalogEntry } from './catalog-entry.js';
import { createSharedCatalog } from './create-catalog.js';

const noop = async () => 'ok';
const objectSchema = jsonSchema<Record<string, unknown>>({
  type: 'object',
  properties: { query: { type: 'string' } },
});

function summary(
  entries: readonly { id: string; wireName: string; namespace: string; localName: string }[],
) {
  return entries.map(({ id, wireName, namespace, localName }) => ({
    id,
    wireName,
    namespace,
    localName,
  }));
}

describe('createCatalog: schemas as the AI SDK sends them', () => {
  it('converts zod 4, zod 3, jsonSchema() and standard schemas with the SDK conversion', async () => {
    const standard = {
      '~standard': {
        version: 1,
        vendor: 'handmade',
        validate: (value: unknown) => ({ value }),
        jsonSchema: {
          input: () => ({
            type: 'object',
            properties: { path: { type: 'string' } },
            required: ['path'],
          }),
        },
      },
    };
    const catalog = await createCatalog({
      tools: {
        zod4: tool({
          description: 'zod 4',
          inputSchema: z4.object({ city: z4.string() }),
          execute: noop,
        }),
        zod3: tool({
          description: 'zod 3',
          inputSchema: z3.object({ days: z3.number() }),
          execute: noop,
        }),
        json: tool({ description: 'json', inputSchema: objectSchema, execute: noop }),
        standard: dynamicTool({
          description: 'standard',
          inputSchema: standard as never,
          execute: noop,
        }),
      },
    });
    const byKey = Object.fromEntries(catalog.entries.map((entry) => [entry.key, entry]));
    expect(byKey.zod4?.parameters).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    });
    expect(byKey.zod3?.parameters).toMatchObject({
      type: 'object',
      properties: { days: { type: 'number' } },
      required: ['days'],
    });
    expect(byKey.json?.parameters).toEqual({
      type: 'object',
      properties: { query: { type: 'string' } },
    });
    expect(byKey.standard?.parameters).toMatchObject({
      type: 'object',
      properties: { path: { type: 'string' } },
      required: ['path'],
    });
    expect(byKey.standard?.kind).toBe('dynamic');
    expect(byKey.zod4?.kind).toBe('function');
  });

  it('accepts any JSON Schema object as parameters, byte for byte, as plain ai does', async () => {
    const anyOf = {
      anyOf: [
        { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        { type: 'object', properties: { email: { type: 'string' } } },
      ],
    } as const;
    const tools = {
      empty: tool({ inputSchema: jsonSchema({}), execute: noop }),
      bare: tool({ inputSchema: jsonSchema({ type: 'object' }), execute: noop }),
      either: tool({ inputSchema: jsonSchema(anyOf), execute: noop }),
    };
    const catalog = await createCatalog({
      tools,
      definitions: [{ name: 'listed', parameters: { type: 'array' } }],
    });
    const byKey = Object.fromEntries(catalog.entries.map((entry) => [entry.key, entry]));
    expect(JSON.stringify(byKey.empty?.parameters)).toBe('{}');
    expect(JSON.stringify(byKey.bare?.parameters)).toBe('{"type":"object"}');
    expect(byKey.either?.parameters).toEqual(anyOf);
    expect(byKey.listed?.parameters).toEqual({ type: 'array' });
    expect(createCatalogSync({ tools })).toEqual(await createCatalog({ tools }));
  });

  it('rejects parameters that are not a JSON Schema at all, naming the tool', async () => {
    for (const [schema, found] of [
      [null, 'null'],
      [42, 'number'],
      [['type', 'object'], 'an array'],
    ] as const) {
      const error = await createCatalog({
        tools: { count: tool({ inputSchema: jsonSchema(schema as never), execute: noop }) },
      }).catch((caught: unknown) => caught);
      expect(InvalidToolDefinitionError.isInstance(error)).toBe(true);
      expect(ToolDisclosureError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(
        `Invalid tool definition count: its parameters must be a JSON Schema, an object such as {"type":"object","properties":{}} or a boolean (found ${found})`,
      );
    }
  });

  it('accepts a boolean JSON Schema as parameters, byte for byte, and validates input against it, as plain ai does', async () => {
    const tools = {
      anything: tool({ inputSchema: jsonSchema(true as never), execute: noop }),
      nothing: tool({ inputSchema: jsonSchema(false as never), execute: noop }),
    };
    const catalog = await createCatalog({ tools });
    const byKey = Object.fromEntries(catalog.entries.map((entry) => [entry.key, entry]));
    expect(JSON.stringify(byKey.anything?.parameters)).toBe('true');
    expect(JSON.stringify(byKey.nothing?.parameters)).toBe('false');
    expect(createCatalogSync({ tools })).toEqual(catalog);
    for (const entry of catalog.entries) expect(requiredParameters(entry.parameters)).toEqual([]);
    // Priced, rendered in the header, indexed, found and described like any other tool.
    const disclosure = createDisclosure({ catalog, mode: 'signatures', maxTools: 0 });
    expect(disclosure.tokens.full).toBeGreaterThan(0);
    expect(disclosure.toolSearchDescription).toContain('anything');
    const index = await getSearchIndex(disclosure.authorized, createOramaRanker());
    const found = await runToolSearch({ disclosure, index, query: 'anything nothing' });
    expect(found.results.map((result) => [result.name, result.parameters])).toEqual([
      ['anything', true],
      ['nothing', false],
    ]);
    const described = await runToolDescribe({ disclosure, name: 'anything' });
    expect(described).toMatchObject({ parameters: true, required: [] });
    const input = { to: 'ada@example.com' };
    const anything = byKey.anything as CatalogEntry;
    const nothing = byKey.nothing as CatalogEntry;
    expect(
      await validateToolInput({
        tool: anything.tool as Tool,
        parameters: anything.parameters,
        input,
      }),
    ).toEqual({ success: true, value: input });
    expect(
      await validateToolInput({
        tool: nothing.tool as Tool,
        parameters: nothing.parameters,
        input,
      }),
    ).toEqual({ success: false, issues: [{ path: '', message: 'False boolean schema.' }] });
  });

  it('resolves descriptions given as functions with the tool context', async () => {
    const catalog = await createCatalog({
      tools: {
        greet: tool({
          description: ({ context }: { context: { user: string } }) => `Greets ${context.user}.`,
          inputSchema: objectSchema,
          contextSchema: z4.object({ user: z4.string() }),
          execute: noop,
        }),
      },
      toolsContext: { greet: { user: 'Ada' } },
    });
    expect(catalog.entries[0]?.description).toBe('Greets Ada.');
  });
});

describe('createCatalog: names and namespaces', () => {
  it('keeps bidi controls and invisible format characters out of canonical ids', async () => {
    const catalog = await createCatalog({
      definitions: [{ name: 'mail.send\u202Etxt.exe' }, { name: 'mail.zero\u200Bwidth' }],
    });
    expect(catalog.entries.map((entry) => entry.id)).toEqual([
      'mail.send_txt.exe',
      'mail.zero_width',
    ]);
    for (const entry of catalog.entries) expect(entry.id).not.toMatch(/\p{Cf}/u);
  });

  it('derives namespaces from the prefix, the MCP client, and the default, in that order', async () => {
    const mcpTools: ToolSet = Object.create(null);
    mcpTools['repos/create'] = dynamicTool({
      inputSchema: objectSchema,
      execute: noop,
      metadata: { clientName: 'github' },
    });
    mcpTools.open_page = dynamicTool({
      inputSchema: objectSchema,
      execute: noop,
      metadata: { clientName: 'browser' },
    });
    mcpTools.anonymous = dynamicTool({
      inputSchema: objectSchema,
      execute: noop,
      metadata: { clientName: 'ai-sdk-mcp-client' },
    });
    const catalog = await createCatalog({
      tools: {
        ...mcpTools,
        'files.read_text': tool({ inputSchema: objectSchema, execute: noop }),
        slack__send_message: tool({ inputSchema: objectSchema, execute: noop }),
        weather: tool({ inputSchema: objectSchema, execute: noop }),
      },
    });
    expect(summary(catalog.entries)).toEqual([
      {
        id: 'browser.open_page',
        wireName: 'open_page',
        namespace: 'browser',
        localName: 'open_page',
      },
      {
        id: 'default.anonymous',
        wireName: 'anonymous',
        namespace: 'default',
        localName: 'anonymous',
      },
      { id: 'default.weather', wireName: 'weather', namespace: 'default', localName: 'weather' },
      {
        id: 'files.read_text',
        wireName: 'files__read_text',
        namespace: 'files',
        localName: 'read_text',
      },
      { id: 'repos.create', wireName: 'repos__create', namespace: 'repos', localName: 'create' },
      {
        id: 'slack.send_message',
        wireName: 'slack__send_message',
        namespace: 'slack',
        localName: 'send_message',
      },
    ]);
    expect(catalog.entries.find((entry) => entry.key === 'repos/create')?.kind).toBe('mcp');
  });

  it('lets declared groups and per-tool metadata win, without prefixing twice', async () => {
    const grouped: ToolSet = Object.create(null);
    grouped['issues.create'] = dynamicTool({ inputSchema: objectSchema, execute: noop });
    grouped['github.search'] = dynamicTool({ inputSchema: objectSchema, execute: noop });
    const catalog = await createCatalog({
      namespaces: {
        github: { description: 'Repositories, issues and pull requests', tools: grouped },
      },
      tools: {
        post: tool({ inputSchema: objectSchema, execute: noop, metadata: { namespace: 'slack' } }),
      },
      defaultNamespace: 'misc',
    });
    expect(summary(catalog.entries)).toEqual([
      {
        id: 'github.issues.create',
        wireName: 'github__issues__create',
        namespace: 'github',
        localName: 'issues.create',
      },
      { id: 'github.search', wireName: 'github__search', namespace: 'github', localName: 'search' },
      { id: 'slack.post', wireName: 'post', namespace: 'slack', localName: 'post' },
    ]);
    expect(catalog.namespaces).toEqual([
      { name: 'github', description: 'Repositories, issues and pull requests' },
      { name: 'slack', description: undefined },
    ]);
    expect(catalog.entries.map((entry) => entry.namespaceDescription)).toEqual([
      'Repositories, issues and pull requests',
      'Repositories, issues and pull requests',
      undefined,
    ]);
  });

  it('normalizes an invalid metadata.namespace like a derived one, and ignores one with nothing usable, as plain ai runs both', async () => {
    const catalog = await createCatalog({
      tools: {
        spaced: tool({
          inputSchema: objectSchema,
          execute: noop,
          metadata: { namespace: 'my ns' },
        }),
        dotted: tool({ inputSchema: objectSchema, execute: noop, metadata: { namespace: 'a.b' } }),
        long: tool({
          inputSchema: objectSchema,
          execute: noop,
          metadata: { namespace: 'n'.repeat(80) },
        }),
        blank: tool({ inputSchema: objectSchema, execute: noop, metadata: { namespace: ' \t ' } }),
        numeric: tool({ inputSchema: objectSchema, execute: noop, metadata: { namespace: 7 } }),
      },
    });
    expect(Object.fromEntries(catalog.entries.map((entry) => [entry.key, entry.id]))).toEqual({
      spaced: 'my_ns.spaced',
      dotted: 'a_b.dotted',
      long: `${'n'.repeat(64)}.long`,
      blank: 'default.blank',
      numeric: 'default.numeric',
    });
    for (const entry of catalog.entries) expect(entry.wireName).toBe(entry.key);
  });

  it('keeps only the string items of metadata aliases and tags that are not arrays of strings', async () => {
    const withMetadata = (metadata: Tool['metadata']) =>
      tool({ inputSchema: objectSchema, execute: noop, metadata });
    const catalog = await createCatalog({
      tools: {
        text: withMetadata({ aliases: 'x', tags: 'y' }),
        mixed: withMetadata({ aliases: ['mail', 3, null, ' send '], tags: [{}, 'inbox'] }),
        other: withMetadata({ aliases: { 0: 'a' }, tags: 5 }),
      },
    });
    const byKey = Object.fromEntries(catalog.entries.map((entry) => [entry.key, entry]));
    expect([byKey.text?.aliases, byKey.text?.tags]).toEqual([[], []]);
    expect([byKey.mixed?.aliases, byKey.mixed?.tags]).toEqual([['mail', 'send'], ['inbox']]);
    expect([byKey.other?.aliases, byKey.other?.tags]).toEqual([[], []]);
  });

  it('gives a record key that leaves no local name the local name "_", deterministically', async () => {
    const tools = {
      '': tool({ inputSchema: objectSchema, execute: noop }),
      'mail. ': tool({ inputSchema: objectSchema, execute: noop }),
    };
    const catalog = await createCatalog({ tools });
    expect(summary(catalog.entries)).toEqual([
      { id: 'default._', wireName: 'default___', namespace: 'default', localName: '_' },
      { id: 'mail._', wireName: 'mail___', namespace: 'mail', localName: '_' },
    ]);
    expect(catalog.entries.map((entry) => entry.key)).toEqual(['', 'mail. ']);
    expect(createCatalogSync({ tools })).toEqual(catalog);
  });

  it('loads JSON definitions, keeping given wire names and capability ids', async () => {
    const catalog = await createCatalog({
      definitions: [
        {
          name: 'google_calendar__create_event',
          capability_id: 'google-calendar.create_event',
          description: 'Create an event.',
          parameters: { type: 'object', properties: { title: { type: 'string' } } },
          kind: 'provider',
          aliases: ['schedule meeting'],
        },
        { name: 'builtin.time' },
      ],
    });
    expect(summary(catalog.entries)).toEqual([
      { id: 'builtin.time', wireName: 'builtin__time', namespace: 'builtin', localName: 'time' },
      {
        id: 'google-calendar.create_event',
        wireName: 'google_calendar__create_event',
        namespace: 'google-calendar',
        localName: 'create_event',
      },
    ]);
    expect(catalog.entries[0]?.parameters).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
    expect(catalog.entries[1]?.aliases).toEqual(['schedule meeting']);
    expect(catalog.entries[1]?.kind).toBe('provider');
    expect(catalog.entries[1]?.core).toBe(false);
  });

  it('reports two tools that map to one wire name, naming both', async () => {
    const error = await createCatalog({
      tools: {
        'github.create_issue': tool({ inputSchema: objectSchema, execute: noop }),
        github__create_issue: tool({ inputSchema: objectSchema, execute: noop }),
      },
    }).catch((caught: unknown) => caught);
    expect(WireNameCollisionError.isInstance(error)).toBe(true);
    expect((error as WireNameCollisionError).tools).toEqual([
      'github.create_issue',
      'github__create_issue',
    ]);
    expect((error as Error).message).toBe(
      'Tools "github.create_issue" and "github__create_issue" both map to "github.create_issue". ' +
        'Rename one of them or place them in different namespaces.',
    );
  });

  it('tells two definitions with one name apart by canonical id', async () => {
    const error = await createCatalog({
      definitions: [
        { name: 'crm__lookup', capability_id: 'crm.lookup' },
        { name: 'crm__lookup', capability_id: 'crm2.lookup' },
      ],
    }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(
      'Tools "crm.lookup" and "crm2.lookup" both map to "crm__lookup". Rename one of them or place them in different namespaces.',
    );
  });

  it('rejects bad definitions and reserved names with typed errors', async () => {
    const cases: [unknown, string][] = [
      [
        { description: 'no name' },
        'Invalid tool definition #0: "name": Invalid input: expected string, received undefined',
      ],
      [{ name: '  ' }, 'Invalid tool definition #0: "name": a tool needs a non-empty "name"'],
      [
        { name: 'tool_search' },
        'Invalid tool definition tool_search: "tool_search" is reserved for a bridge tool; rename the tool',
      ],
      [
        { name: 'x', aliases: 'one' },
        'Invalid tool definition x: "aliases": Invalid input: expected array, received string',
      ],
    ];
    for (const [definition, message] of cases) {
      const error = await createCatalog({ definitions: [definition as never] }).catch(
        (caught: unknown) => caught,
      );
      expect(InvalidToolDefinitionError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(message);
    }
    await expect(createCatalog({ defaultNamespace: 'has space' })).rejects.toSatisfy(
      InvalidOptionError.isInstance,
    );
  });
});

describe('createCatalog: tiers', () => {
  const definitions = [
    { name: 'memory__save' },
    { name: 'memory__search' },
    { name: 'slack__send_message' },
    { name: 'github__create_issue' },
  ];

  it('marks core tools by a name or glob in any spelling: record key, canonical id, wire name or encoded id', async () => {
    const spelled = {
      namespaces: { mail: { tools: { send: tool({ inputSchema: objectSchema, execute: noop }) } } },
      tools: { 'files.read_text': tool({ inputSchema: objectSchema, execute: noop }) },
      definitions: [
        { name: 'google_calendar__create_event', capability_id: 'google-calendar.create_event' },
      ],
    };
    const cases: [string, string][] = [
      ['send', 'mail.send'],
      ['mail__send', 'mail.send'],
      ['m*l.send', 'mail.send'],
      ['files.read_text', 'files.read_text'],
      ['files__*', 'files.read_text'],
      ['google_calendar__create_event', 'google-calendar.create_event'],
      ['google-calendar__create_event', 'google-calendar.create_event'],
      ['google_calendar__*', 'google-calendar.create_event'],
    ];
    for (const [name, id] of cases) {
      const catalog = await createCatalog({ ...spelled, core: [name] });
      expect(catalog.entries.filter((entry) => entry.core).map((entry) => entry.id)).toEqual([id]);
    }
  });

  it('marks core tools by glob on canonical ids and by exact name', async () => {
    const catalog = await createCatalog({ definitions, core: ['memory.*', 'slack__send_message'] });
    expect(catalog.entries.filter((entry) => entry.core).map((entry) => entry.id)).toEqual([
      'memory.save',
      'memory.search',
      'slack.send_message',
    ]);
    await expect(createCatalog({ definitions, core: ['[memory'] })).rejects.toSatisfy(
      InvalidGlobError.isInstance,
    );
  });
});

describe('createCatalogSync', () => {
  const objectOf = (property: string) =>
    ({
      type: 'object',
      properties: { [property]: { type: 'string' } },
    }) as const;

  it('builds the same catalog as createCatalog from tools, groups and definitions', async () => {
    const options = {
      tools: {
        'mail.search': tool({
          description: 'Search mail.',
          inputSchema: z4.object({ query: z4.string() }),
          outputSchema: z4.object({ hits: z4.array(z4.string()) }),
          execute: async () => ({ hits: [] }),
        }),
        zod3: tool({
          description: 'zod 3',
          inputSchema: z3.object({ days: z3.number() }),
          execute: noop,
        }),
        json: tool({ description: 'json', inputSchema: objectSchema, execute: noop }),
      },
      namespaces: {
        github: {
          description: 'Repositories',
          tools: { list_issues: tool({ inputSchema: objectSchema, execute: noop }) },
        },
      },
      definitions: [{ name: 'memory__save', description: 'Save a memory.' }],
      core: ['memory.*'],
    };
    const catalog = createCatalogSync(options);
    expect(catalog).toEqual(await createCatalog(options));
    expect(
      catalog.entries.find((entry) => entry.key === 'mail.search')?.outputSchema,
    ).toMatchObject({ type: 'object', properties: { hits: { type: 'array' } } });

    // The shared form (what getCatalog caches) is the same catalog, its entries without tools.
    const withoutTools = {
      ...catalog,
      entries: catalog.entries.map((entry) => ({ ...entry, tool: undefined })),
    };
    for (const shared of [
      createSharedCatalog(options, 'sync'),
      await createSharedCatalog(options, 'async'),
    ]) {
      expect(shared).toEqual(withoutTools);
      expect(shared.entries.map((entry) => Object.keys(entry))).toEqual(
        catalog.entries.map((entry) => Object.keys(entry)),
      );
      expect(shared.entries.every(Object.isFrozen)).toBe(true);
    }
    expect(
      catalog.entries.every((entry) => entry.tool !== undefined || entry.kind === 'definition'),
    ).toBe(true);
  });

  it('throws AsyncSchemaError for a schema given as a promise, which createCatalog awaits', async () => {
    const tools = {
      lookup: tool({ inputSchema: jsonSchema(Promise.resolve(objectOf('q'))), execute: noop }),
    };
    const error = (() => {
      try {
        return createCatalogSync({ tools });
      } catch (caught) {
        return caught;
      }
    })();
    expect(AsyncSchemaError.isInstance(error)).toBe(true);
    expect(ToolDisclosureError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ toolName: 'lookup', schema: 'input' });
    expect((error as Error).message).toContain('createCatalog');
    expect((error as Error).message).toContain('withToolDisclosure');

    const catalog = await createCatalog({ tools });
    expect(catalog.entries[0]?.parameters).toEqual(objectOf('q'));
  });

  it('names an output schema given as a promise, and reports a rejected one as a conversion failure', async () => {
    const output = tool({
      inputSchema: objectSchema,
      outputSchema: jsonSchema(Promise.resolve(objectOf('answer'))),
      execute: noop,
    });
    expect(() => createCatalogSync({ tools: { output } })).toThrow(
      expect.objectContaining({ toolName: 'output', schema: 'output' }),
    );
    const catalog = await createCatalog({ tools: { output } });
    expect(catalog.entries[0]?.outputSchema).toEqual(objectOf('answer'));

    const failing = tool({
      inputSchema: jsonSchema(Promise.reject(new Error('offline'))),
      execute: noop,
    });
    const error = await createCatalog({ tools: { failing } }).catch((caught: unknown) => caught);
    expect(InvalidToolDefinitionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'Invalid tool definition failing: its input schema cannot be converted to JSON Schema',
    );
    expect((error as Error).cause).toEqual(new Error('offline'));
  });

  it('throws the typed errors of createCatalog synchronously', () => {
    expect(() => createCatalogSync({ defaultNamespace: 'has space' })).toThrow(
      expect.objectContaining({ option: 'defaultNamespace' }),
    );
    expect(() =>
      createCatalogSync({
        tools: { count: tool({ inputSchema: jsonSchema(null as never), execute: noop }) },
      }),
    ).toThrow('its parameters must be a JSON Schema, an object such as');
  });
});
