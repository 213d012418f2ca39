import type { JSONSchema7 } from 'ai';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createCatalog } from '../catalog/create-catalog.js';
import type { ToolDefinition } from '../catalog/tool-definition.js';
import type { CreateDisclosureOptions } from '../disclosure/create-disclosure.js';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import { TOOL_BRIDGE_ERROR_KINDS, ToolBridgeError } from '../error/tool-bridge-error.js';
import { ToolDisclosureError } from '../error/tool-disclosure-error.js';
import { createOramaRanker } from '../search/create-orama-ranker.js';
import { clearSearchIndexCache, getSearchIndex } from '../search/get-search-index.js';
import type { SearchIndex } from '../search/ranker.js';
import { utf8ByteLength } from '../util/utf8-byte-length.js';
import { runToolDescribe } from './run-tool-describe.js';
import {
  runToolSearch,
  searchableEntries,
  TOOL_SEARCH_MAX_DESCRIPTION_BYTES,
  TOOL_SEARCH_MAX_RESPONSE_BYTES,
  TOOL_SEARCH_MAX_SCHEMA_BYTES,
  TOOL_SEARCH_NO_RESULTS_MESSAGE,
  TOOL_SEARCH_WEAK_RESULTS_MESSAGE,
} from './run-tool-search.js';

const sendSchema: JSONSchema7 = {
  type: 'object',
  properties: {
    to: { type: 'string', description: 'Recipient address.' },
    subject: { type: 'string' },
    body: { type: 'string' },
    Zone: { type: 'string' },
    cc: { type: 'array', items: { type: 'string' } },
  },
  required: ['to', 'subject', 'body', 'Zone'],
};
const definitions: ToolDefinition[] = [
  { name: 'gmail__send_message', description: 'Send an email.', parameters: sendSchema },
  { name: 'memory__save', description: 'Save a memory.', parameters: objectWith('text') },
  {
    name: 'slack__post_message',
    description: 'Post to a channel.',
    parameters: objectWith('text'),
  },
  { name: 'weather__forecast', description: 'Get the weather forecast.' },
];

function objectWith(...required: string[]): JSONSchema7 {
  return {
    type: 'object',
    properties: Object.fromEntries(required.map((name) => [name, { type: 'string' }])),
    required,
  };
}

/** A deferred disclosure (maxTools 0): every non-core authorized tool is discoverable. */
async function deferred(
  tools: readonly ToolDefinition[],
  options: Partial<CreateDisclosureOptions> & { core?: string[] } = {},
): Promise<Disclosure> {
  const { core = [], ...rest } = options;
  const catalog = await createCatalog({ definitions: tools, core });
  return createDisclosure({ catalog, maxTools: 0, environment: {}, ...rest });
}

/** An index that returns the given entries in order, ignoring the query, and records its calls. */
function scriptedIndex(entries: readonly CatalogEntry[]) {
  const calls: { query: string; limit: number }[] = [];
  const index: SearchIndex = {
    async search(query, limit) {
      calls.push({ query, limit });
      return entries.slice(0, limit).map((entry, rank) => ({ entry, score: 100 - rank }));
    },
  };
  return { index, calls };
}

/** A discoverable-tools index of the default ranker, through the cache. */
async function defaultIndex(disclosure: Disclosure): Promise<SearchIndex> {
  const ranker = createOramaRanker();
  return getSearchIndex(disclosure.authorized, ranker, searchableEntries(disclosure));
}

/** A schema whose compact JSON is exactly `bytes` UTF-8 bytes. */
function schemaOfBytes(bytes: number): JSONSchema7 {
  const base: JSONSchema7 = {
    type: 'object',
    description: '',
    properties: { id: { type: 'string' } },
    required: ['id'],
  };
  const schema = { ...base, description: 'x'.repeat(bytes - utf8ByteLength(JSON.stringify(base))) };
  expect(utf8ByteLength(JSON.stringify(schema))).toBe(bytes);
  return schema;
}

const bytesOf = (value: unknown) => utf8ByteLength(JSON.stringify(value));

beforeEach(() => {
  clearSearchIndexCache();
});

describe('runToolSearch: the response', () => {
  it('returns wire names, ids, descriptions, sorted required names and complete schemas', async () => {
    const disclosure = await deferred(definitions, { core: ['memory.*'] });
    const [gmail, slack] = disclosure.discoverable as [CatalogEntry, CatalogEntry];
    const { index } = scriptedIndex([gmail, slack]);
    const response = await runToolSearch({ disclosure, index, query: 'send a message' });
    expect(response).toEqual({
      query: 'send a message',
      results: [
        {
          name: 'gmail__send_message',
          capability_id: 'gmail.send_message',
          description: 'Send an email.',
          // Byte order: upper case before lower case.
          required: ['Zone', 'body', 'subject', 'to'],
          schema_complete: true,
          parameters: sendSchema,
        },
        {
          name: 'slack__post_message',
          capability_id: 'slack.post_message',
          description: 'Post to a channel.',
          required: ['text'],
          schema_complete: true,
          parameters: objectWith('text'),
        },
      ],
    });
    // Field order is part of the bytes the model sees.
    expect(Object.keys(response)).toEqual(['query', 'results']);
    expect(Object.keys(response.results[0] as object)).toEqual([
      'name',
      'capability_id',
      'description',
      'required',
      'schema_complete',
      'parameters',
    ]);
  });

  it('returns a copy of each schema, so the catalog cannot be changed through a response', async () => {
    const disclosure = await deferred(definitions);
    const gmail = disclosure.discoverable[0] as CatalogEntry;
    const response = await runToolSearch({
      disclosure,
      index: scriptedIndex([gmail]).index,
      query: 'gmail',
    });
    expect(response.results[0]?.parameters).toEqual(gmail.parameters);
    expect(response.results[0]?.parameters).not.toBe(gmail.parameters);
  });

  it('returns no parameters in compact mode, with required names and schema_complete false', async () => {
    const disclosure = await deferred(definitions, { mode: 'compact' });
    const gmail = disclosure.discoverable[0] as CatalogEntry;
    const response = await runToolSearch({
      disclosure,
      index: scriptedIndex([gmail]).index,
      query: 'email',
    });
    expect(response).toEqual({
      query: 'email',
      results: [
        {
          name: 'gmail__send_message',
          capability_id: 'gmail.send_message',
          description: 'Send an email.',
          required: ['Zone', 'body', 'subject', 'to'],
          schema_complete: false,
        },
      ],
    });
    expect(JSON.stringify(response)).not.toContain('parameters');
  });

  it('marks weak evidence `match: "weak"`, and says what that means when every result is weak', async () => {
    const disclosure = await deferred(definitions);
    const [send, save] = searchableEntries(disclosure) as [CatalogEntry, CatalogEntry];
    const weakIndex = (strong: boolean): SearchIndex => ({
      search: async () => [
        strong ? { entry: send, score: 2 } : { entry: send, score: 2, weak: true },
        { entry: save, score: 1, weak: true },
      ],
    });
    const mixed = await runToolSearch({ disclosure, index: weakIndex(true), query: 'mail' });
    expect(mixed.results.map((result) => result.match)).toEqual([undefined, 'weak']);
    expect(mixed.message).toBeUndefined();
    const weak = await runToolSearch({ disclosure, index: weakIndex(false), query: 'mail' });
    expect(weak.results.map((result) => [result.name, result.match])).toEqual([
      ['gmail__send_message', 'weak'],
      ['memory__save', 'weak'],
    ]);
    expect(weak.message).toBe(TOOL_SEARCH_WEAK_RESULTS_MESSAGE);
    // The marker comes before the schema fields, and the JSON is the same for the same inputs.
    expect(JSON.stringify(weak.results[1])).toMatch(
      /"description":"Save a memory.","match":"weak","required"/,
    );
  });

  it('adds a message, and no results, when nothing matches', async () => {
    const disclosure = await deferred(definitions);
    const response = await runToolSearch({
      disclosure,
      index: scriptedIndex([]).index,
      query: 'teleport',
    });
    expect(response).toEqual({
      query: 'teleport',
      results: [],
      message:
        'No authorized tool matches this query. Try other words (a service name or an action); if nothing matches, tell the user that no available tool can do this.',
    });
    expect(response.message).toBe(TOOL_SEARCH_NO_RESULTS_MESSAGE);
  });

  it('bounds a description to 1,024 UTF-8 bytes, cut between code points with "…", while tool_describe keeps it whole', async () => {
    const exact = 'a'.repeat(1024);
    // 1,021 ASCII bytes, then 4-byte emoji: the cut must not split one.
    const long = `${'b'.repeat(1019)}${'😀'.repeat(400)}`;
    const disclosure = await deferred([
      { name: 'a__exact', description: exact },
      { name: 'a__long', description: long },
      { name: 'a__huge', description: 'c'.repeat(5_000_000) },
    ]);
    const response = await runToolSearch({
      disclosure,
      index: scriptedIndex(disclosure.discoverable).index,
      query: 'a',
    });
    const descriptions = Object.fromEntries(
      response.results.map((result) => [result.name, result.description]),
    );
    expect(descriptions).toEqual({
      a__exact: exact,
      a__long: `${'b'.repeat(1019)}…`,
      a__huge: `${'c'.repeat(1021)}…`,
    });
    for (const description of Object.values(descriptions)) {
      expect(utf8ByteLength(description)).toBeLessThanOrEqual(TOOL_SEARCH_MAX_DESCRIPTION_BYTES);
      expect(description).not.toMatch(/\p{Cs}/u);
    }
    const described = runToolDescribe({ disclosure, name: 'a__long' });
    expect(described.description).toBe(long);
  });

  it('reads required names only from a top-level string array', async () => {
    const disclosure = await deferred([
      {
        name: 'a__odd',
        parameters: {
          type: 'object',
          properties: { b: { type: 'object', required: ['nested'] } },
          required: ['b', 'b', 7 as unknown as string, 'a'],
        },
      },
      { name: 'a__none', parameters: { type: 'object', properties: {} } },
    ]);
    const response = await runToolSearch({
      disclosure,
      index: scriptedIndex(disclosure.discoverable).index,
      query: 'a',
    });
    expect(response.results.map((result) => [result.name, result.required])).toEqual([
      ['a__none', []],
      ['a__odd', ['a', 'b']],
    ]);
  });
});

describe('runToolSearch: query and limit', () => {
  it('trims the query before searching and echoes the trimmed query', async () => {
    const disclosure = await deferred(definitions);
    const { index, calls } = scriptedIndex([]);
    const response = await runToolSearch({ disclosure, index, query: ' \n\t send email \u00a0 ' });
    expect(calls).toEqual([{ query: 'send email', limit: 10 }]);
    expect(response.query).toBe('send email');
  });

  it('accepts exactly 1,024 UTF-8 bytes after trimming, counting multi-byte characters', async () => {
    const disclosure = await deferred(definitions);
    const { index, calls } = scriptedIndex([]);
    // 341 × 3 bytes + 1 byte = 1,024 bytes, but only 342 UTF-16 code units.
    const euros = `${'€'.repeat(341)}a`;
    const emoji = '😀'.repeat(256);
    expect([utf8ByteLength(euros), utf8ByteLength(emoji)]).toEqual([1024, 1024]);
    await runToolSearch({ disclosure, index, query: `   ${euros}   ` });
    await runToolSearch({ disclosure, index, query: emoji });
    expect(calls.map((call) => call.query)).toEqual([euros, emoji]);
  });

  it('rejects 1,025 bytes with a query_too_long error the model can act on', async () => {
    const disclosure = await deferred(definitions);
    const { index, calls } = scriptedIndex([]);
    for (const query of [`${'€'.repeat(341)}ab`, `${'😀'.repeat(256)}a`, 'a'.repeat(1025)]) {
      const error = await runToolSearch({ disclosure, index, query }).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(ToolBridgeError.isInstance(error)).toBe(true);
      const bridgeError = error as ToolBridgeError;
      expect(bridgeError.kind).toBe('query_too_long');
      expect(bridgeError.toJSON()).toEqual({
        error: {
          kind: 'query_too_long',
          message:
            'The query is 1025 bytes long (UTF-8); tool_search accepts at most 1024 bytes. ' +
            'Shorten the query to a few words: a service name, an action, or an exact tool name.',
          max_bytes: 1024,
          query_bytes: 1025,
        },
      });
    }
    expect(calls).toEqual([]);
  });

  it.each([
    [undefined, 10],
    [0, 1],
    [-3, 1],
    [1, 1],
    [2.9, 2],
    [50, 50],
    [99, 50],
    [Number.POSITIVE_INFINITY, 50],
    [Number.NaN, 10],
    ['5', 10],
    [null, 10],
  ])('passes limit %s to the index as %i', async (limit, expected) => {
    const disclosure = await deferred(definitions);
    const { index, calls } = scriptedIndex([]);
    await runToolSearch({ disclosure, index, query: 'x', limit: limit as number | undefined });
    expect(calls).toEqual([{ query: 'x', limit: expected }]);
  });

  it('returns at most limit results', async () => {
    const disclosure = await deferred(definitions);
    const { index } = scriptedIndex(disclosure.discoverable);
    expect((await runToolSearch({ disclosure, index, query: 'x', limit: 2 })).results).toHaveLength(
      2,
    );
    expect((await runToolSearch({ disclosure, index, query: 'x', limit: 0 })).results).toHaveLength(
      1,
    );
  });

  it('rejects a query that is not a string as invalid_arguments', async () => {
    const disclosure = await deferred(definitions);
    const { index } = scriptedIndex([]);
    const query = { text: 'email' } as unknown as string;
    await expect(runToolSearch({ disclosure, index, query })).rejects.toMatchObject({
      kind: 'invalid_arguments',
    });
  });
});

describe('runToolSearch: schema bounds', () => {
  it('includes a schema of exactly 8 KiB and leaves out one byte more, never truncated', async () => {
    const disclosure = await deferred([
      { name: 'big__exact', parameters: schemaOfBytes(TOOL_SEARCH_MAX_SCHEMA_BYTES) },
      { name: 'big__over', parameters: schemaOfBytes(TOOL_SEARCH_MAX_SCHEMA_BYTES + 1) },
      { name: 'small__tool', parameters: objectWith('id') },
    ]);
    const { index } = scriptedIndex(
      ['big.over', 'big.exact', 'small.tool'].map(
        (id) => disclosure.discoverable.find((entry) => entry.id === id) as CatalogEntry,
      ),
    );
    const response = await runToolSearch({ disclosure, index, query: 'big' });
    expect(
      response.results.map((result) => [
        result.name,
        result.schema_complete,
        'parameters' in result,
      ]),
    ).toEqual([
      ['big__over', false, false],
      ['big__exact', true, true],
      ['small__tool', true, true],
    ]);
    expect(bytesOf(response.results[1]?.parameters)).toBe(TOOL_SEARCH_MAX_SCHEMA_BYTES);
    expect(response.results[0]).toEqual({
      name: 'big__over',
      capability_id: 'big.over',
      description: '',
      required: ['id'],
      schema_complete: false,
    });
  });

  it('stops adding schemas that would take the response past 24 KiB, greedily in rank order', async () => {
    // Seven schemas of 7,000 bytes: three fit in 24 KiB, a fourth would not.
    const large = Array.from({ length: 7 }, (_, ordinal) => ({
      name: `large__tool_${ordinal}`,
      description: `Large tool number ${ordinal}.`,
      parameters: schemaOfBytes(7000),
    }));
    const disclosure = await deferred([
      ...large,
      { name: 'small__tool', description: 'Small.', parameters: objectWith('id') },
    ]);
    const response = await runToolSearch({
      disclosure,
      index: scriptedIndex(disclosure.discoverable).index,
      query: 'tool',
    });
    expect(response.results.map((result) => [result.name, result.schema_complete])).toEqual([
      ['large__tool_0', true],
      ['large__tool_1', true],
      ['large__tool_2', true],
      ['large__tool_3', false],
      ['large__tool_4', false],
      ['large__tool_5', false],
      ['large__tool_6', false],
      // Ranked last, but it still fits.
      ['small__tool', true],
    ]);
    for (const result of response.results) {
      expect('parameters' in result).toBe(result.schema_complete);
    }
    const bytes = bytesOf(response);
    expect(bytes).toBeLessThanOrEqual(TOOL_SEARCH_MAX_RESPONSE_BYTES);
    // One more large schema would have crossed the bound.
    expect(bytes + 7000 + ',"parameters":'.length - 1).toBeGreaterThan(
      TOOL_SEARCH_MAX_RESPONSE_BYTES,
    );
  });

  it('fills the response up to exactly 24 KiB but not one byte more', async () => {
    const disclosure = await deferred([
      { name: 'a__first', parameters: schemaOfBytes(8150) },
      { name: 'a__second', parameters: schemaOfBytes(8150) },
      { name: 'a__third', parameters: schemaOfBytes(8150) },
    ]);
    const { index } = scriptedIndex(disclosure.discoverable);
    const probe = await runToolSearch({ disclosure, index, query: 'a' });
    const lastSize = bytesOf(probe);
    expect(probe.results.map((result) => result.schema_complete)).toEqual([true, true, false]);
    // Grow the last schema so that including it lands exactly on the bound, then one byte past.
    const slack = TOOL_SEARCH_MAX_RESPONSE_BYTES - lastSize - ',"parameters":'.length + 1;
    for (const [extra, complete] of [
      [0, true],
      [1, false],
    ] as const) {
      const fitted = await deferred([
        { name: 'a__first', parameters: schemaOfBytes(8150) },
        { name: 'a__second', parameters: schemaOfBytes(8150) },
        { name: 'a__third', parameters: schemaOfBytes(slack + extra) },
      ]);
      const response = await runToolSearch({
        disclosure: fitted,
        index: scriptedIndex(fitted.discoverable).index,
        query: 'a',
      });
      expect(response.results.map((result) => result.schema_complete)).toEqual([
        true,
        true,
        complete,
      ]);
      if (complete) expect(bytesOf(response)).toBe(TOOL_SEARCH_MAX_RESPONSE_BYTES);
      else expect(bytesOf(response)).toBeLessThan(TOOL_SEARCH_MAX_RESPONSE_BYTES);
    }
  });
});

describe('runToolSearch: only discoverable, authorized tools', () => {
  it('never returns a tool outside the searchable set, whatever the index returns', async () => {
    const catalog = await createCatalog({ definitions, core: ['memory.*'] });
    const disclosure = createDisclosure({
      catalog,
      policy: { deny: ['gmail.*'] },
      maxTools: 0,
      environment: {},
    });
    // An index over the whole catalog: denied gmail and core memory must not come through.
    const response = await runToolSearch({
      disclosure,
      index: scriptedIndex(catalog.entries).index,
      query: 'message',
    });
    expect(response.results.map((result) => result.name)).toEqual([
      'slack__post_message',
      'weather__forecast',
    ]);
  });

  it('searches discoverable tools when deferred and every authorized tool when flat', async () => {
    const catalog = await createCatalog({ definitions, core: ['memory.*'] });
    const deferredDisclosure = createDisclosure({ catalog, maxTools: 0, environment: {} });
    const flat = createDisclosure({ catalog, environment: {} });
    const off = createDisclosure({ catalog, mode: 'off', maxTools: 0, environment: {} });
    expect(deferredDisclosure.deferred).toBe(true);
    expect(searchableEntries(deferredDisclosure).map((entry) => entry.id)).toEqual([
      'gmail.send_message',
      'slack.post_message',
      'weather.forecast',
    ]);
    expect(searchableEntries(flat)).toBe(flat.authorized.entries);
    expect(searchableEntries(off)).toBe(off.authorized.entries);
  });

  it('answers a denied tool exactly as if it had never been in the catalog', async () => {
    const allowed: ToolDefinition[] = [
      {
        name: 'weather__forecast',
        description: 'Get the weather forecast for a city.',
        parameters: objectWith('city'),
      },
      {
        name: 'calendar__create_event',
        description: 'Create a calendar event.',
        parameters: objectWith('title', 'start'),
      },
    ];
    const secret: ToolDefinition = {
      name: 'payroll__export_salaries',
      description: 'Export every employee salary to a spreadsheet (confidential).',
      parameters: objectWith('period'),
    };
    const withDenied = await deferred([...allowed, secret], { policy: { deny: ['payroll.*'] } });
    const neverThere = await deferred(allowed);

    for (const query of [
      'payroll__export_salaries',
      'payroll.export_salaries',
      'export salaries',
    ]) {
      const denied = await runToolSearch({
        disclosure: withDenied,
        index: await defaultIndex(withDenied),
        query,
      });
      const absent = await runToolSearch({
        disclosure: neverThere,
        index: await defaultIndex(neverThere),
        query,
      });
      expect(JSON.stringify(denied)).toBe(JSON.stringify(absent));
      // Only the echoed query may name it.
      expect(JSON.stringify({ ...denied, query: '' })).not.toMatch(/payroll|salar|confidential/i);
    }
    const denied = await runToolSearch({
      disclosure: withDenied,
      index: await defaultIndex(withDenied),
      query: 'payroll__export_salaries',
    });
    const unknown = await runToolSearch({
      disclosure: withDenied,
      index: await defaultIndex(withDenied),
      query: 'zorblax__quux_frobnicate',
    });
    expect({ results: denied.results, message: denied.message }).toEqual({
      results: unknown.results,
      message: unknown.message,
    });
    expect(denied).toEqual({
      query: 'payroll__export_salaries',
      results: [],
      message: TOOL_SEARCH_NO_RESULTS_MESSAGE,
    });
  });

  it('ranks allowed tools identically whether or not a relevant tool is denied', async () => {
    const allowed: ToolDefinition[] = [
      { name: 'stripe__list_charges', description: 'List payments charged to customers.' },
      { name: 'stripe__create_customer', description: 'Create a Stripe customer.' },
      { name: 'gmail__send_message', description: 'Send an email.' },
    ];
    const refund: ToolDefinition = {
      name: 'stripe__create_refund',
      description: 'Refund a Stripe charge, fully or partially.',
      parameters: objectWith('charge_id'),
    };
    const withDenied = await deferred([...allowed, refund], {
      policy: { deny: ['stripe.create_refund'] },
    });
    const neverThere = await deferred(allowed);
    for (const query of ['refund a stripe payment', 'stripe__create_refund', 'stripe']) {
      const [denied, absent] = await Promise.all(
        [withDenied, neverThere].map((disclosure) =>
          defaultIndex(disclosure).then((index) => runToolSearch({ disclosure, index, query })),
        ),
      );
      expect(JSON.stringify(denied)).toBe(JSON.stringify(absent));
      expect(JSON.stringify(denied?.results)).not.toMatch(/refund|partially/i);
    }
  });

  it('is deterministic: the same inputs give the same bytes, across separately built indexes', async () => {
    const disclosure = await deferred(definitions);
    const first = JSON.stringify(
      await runToolSearch({ disclosure, index: await defaultIndex(disclosure), query: 'message' }),
    );
    clearSearchIndexCache();
    const again = await deferred(definitions);
    const second = JSON.stringify(
      await runToolSearch({
        disclosure: again,
        index: await defaultIndex(again),
        query: 'message',
      }),
    );
    expect(second).toBe(first);
  });
});

describe('ToolBridgeError', () => {
  it('has a stable kind, a marker that survives two copies, and a JSON tool result', () => {
    const error = new ToolBridgeError({
      kind: 'unknown_tool',
      message: 'No tool is named "x". Use tool_search to find one.',
      details: { kind: 'ignored', message: 'ignored', candidates: ['a.x', 'b.x'] },
      cause: new Error('internal'),
    });
    expect(error).toBeInstanceOf(ToolDisclosureError);
    expect(error.name).toBe('ToolDisclosureToolBridgeError');
    expect(ToolBridgeError.isInstance(error)).toBe(true);
    expect(ToolDisclosureError.isInstance(error)).toBe(true);
    expect(ToolBridgeError.isInstance(new Error('plain'))).toBe(false);
    expect(ToolBridgeError.isInstance({ [Symbol.for('tool-disclosure.error')]: true })).toBe(false);
    expect(error.toJSON()).toEqual({
      error: {
        kind: 'unknown_tool',
        message: 'No tool is named "x". Use tool_search to find one.',
        candidates: ['a.x', 'b.x'],
      },
    });
    expect(JSON.stringify(error)).toBe(JSON.stringify(error.toJSON()));
    expect(JSON.stringify(error)).not.toContain('internal');
  });

  it('keeps a "__proto__" detail as plain data', () => {
    const details = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, never>;
    const json = new ToolBridgeError({ kind: 'invalid_arguments', message: 'm', details }).toJSON();
    expect(Object.getPrototypeOf(json.error)).toBe(Object.prototype);
    expect(JSON.stringify(json)).toBe(
      '{"error":{"kind":"invalid_arguments","message":"m","__proto__":{"polluted":true}}}',
    );
  });

  it('lists every kind of SPEC §8', () => {
    expect(TOOL_BRIDGE_ERROR_KINDS).toEqual([
      'unknown_tool',
      'invalid_arguments',
      'query_too_long',
      'execution_failed',
      'timeout',
      'aborted',
      'approval_denied',
      'stale_snapshot',
    ]);
  });
});
