import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCatalog } from 'tool-disclosure/catalog';
import { ToolDisclosureError } from 'tool-disclosure/error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidEvalCorpusError } from './invalid-eval-corpus-error.js';
import { loadEvalCorpus, parseEvalCorpus } from './load-eval-corpus.js';

const ironClaw = {
  namespaces: { builtin: 'Built-in utilities.' },
  tools: [
    {
      kind: 'builtin',
      capability_id: 'builtin.time',
      name: 'builtin__time',
      description: 'Return the current local time.',
      parameters: { type: 'object', properties: { timezone: { type: 'string' } } },
      verified: true,
    },
    { name: 'github__create_issue', capability_id: 'github.create_issue', aliases: ['new bug'] },
  ],
  intents: [
    { class: 'exact_name', query: 'builtin__time', relevance: { builtin__time: 3 } },
    {
      class: 'ambiguous',
      query: 'time or issue',
      relevance: { builtin__time: 5, github__create_issue: 0 },
    },
    { class: 'no_match', query: 'order a pizza', relevance: {} },
  ],
};

/** A few tools in each parameter shape of the shared benchmarks. */
const unified = {
  name: 'a human title that is not used',
  tools: [
    {
      id: '0',
      name: 'Worldwide Recipes / Suggestions',
      description: 'Get Suggestions',
      category: 'Food',
      parameters: {
        required: [{ name: 'q', type: 'STRING', description: '' }],
        optional: [{ name: 'limit', type: 'NUMBER', description: 'How many' }],
      },
    },
    {
      id: 'apigen_tool_0',
      name: 'live_giveaways_by_type',
      description: 'Retrieve live giveaways.',
      parameters: {
        type: { description: 'The type of giveaways.', type: 'str', default: 'game' },
        count: { description: 'How many.', type: 'int, optional', default: 10 },
        ids: { description: 'Ids.', type: 'List[int]' },
        flags: { description: 'Flags.', type: 'Dict' },
        when: { description: 'A date.', type: 'DATE (YYYY-MM-DD)' },
      },
    },
    {
      id: 7,
      name: 'GetUserToken',
      description: 'Get a user token.',
      parameters: [
        {
          name: 'username',
          in: 'query',
          schema: { type: 'str', default: null },
          description: 'Who.',
        },
        { name: 'remember', schema: { type: 'bool' } },
      ],
    },
    { id: 'gorilla_1', name: 'YituTech/conv-bert-base', description: 'A model.' },
    { id: 'caption', name: 'ImageCaption', parameters: '(image: str)' },
    // Collides with the first tool's wire name and canonical id.
    { id: 'dup', name: 'Worldwide Recipes: Suggestions' },
    // Nothing of the name survives.
    { id: 'cjk', name: '天气 / 查询' },
    { id: 'reserved', name: 'tool_search' },
  ],
  queries: [
    { id: 'q1', query: 'shrimp appetizers', relevant: { '0': 1, dup: 2 } },
    { id: 'q2', query: 'games', relevant: { apigen_tool_0: 4, '7': 0 }, class: 'web' },
    { id: 'q3', query: 'a token', relevant: { '7': 1 } },
  ],
};

describe('parseEvalCorpus, IronClaw format', () => {
  const corpus = parseEvalCorpus(ironClaw, 'tiny');

  it('keeps the tool definitions, dropping unknown fields', () => {
    expect(corpus.name).toBe('tiny');
    expect(corpus.namespaces).toEqual({ builtin: 'Built-in utilities.' });
    expect(corpus.tools).toEqual([
      {
        name: 'builtin__time',
        capability_id: 'builtin.time',
        description: 'Return the current local time.',
        parameters: { type: 'object', properties: { timezone: { type: 'string' } } },
        kind: 'builtin',
      },
      { name: 'github__create_issue', capability_id: 'github.create_issue', aliases: ['new bug'] },
    ]);
  });

  it('keys relevance by tool name, clamps grades above 3 and drops grades of 0', () => {
    expect(corpus.intents).toEqual([
      { id: '0', class: 'exact_name', query: 'builtin__time', relevance: { builtin__time: 3 } },
      { id: '1', class: 'ambiguous', query: 'time or issue', relevance: { builtin__time: 3 } },
      { id: '2', class: 'no_match', query: 'order a pizza', relevance: {} },
    ]);
  });

  it("keeps an MCP tool's annotations, which createCatalog reads as they are", async () => {
    const annotations = { readOnlyHint: true, openWorldHint: false };
    const { tools } = parseEvalCorpus(
      {
        tools: [{ name: 'filesystem__read_text_file', namespace: 'filesystem', annotations }],
        intents: [],
      },
      'mcp',
    );
    expect(tools).toEqual([
      { name: 'filesystem__read_text_file', namespace: 'filesystem', annotations },
    ]);
    const catalog = await createCatalog({ definitions: tools });
    expect(catalog.entries[0]?.annotations).toEqual(annotations);
  });

  it('accepts namespaces given as {description} objects, and none at all', () => {
    const { namespaces: withObjects } = parseEvalCorpus(
      { ...ironClaw, namespaces: { builtin: { description: 'Utilities.' } } },
      'tiny',
    );
    expect(withObjects).toEqual({ builtin: 'Utilities.' });
    const { namespaces: without } = parseEvalCorpus({ ...ironClaw, namespaces: undefined }, 'x');
    expect(without).toEqual({});
  });
});

describe('parseEvalCorpus, unified format', () => {
  const corpus = parseEvalCorpus(unified, 'bench');
  const byName = new Map(corpus.tools.map((tool) => [tool.name, tool]));

  it('derives unique wire names and canonical ids from the human names', () => {
    expect(corpus.tools.map((tool) => [tool.name, tool.capability_id])).toEqual([
      ['Worldwide_Recipes_Suggestions', 'Worldwide_Recipes.Suggestions'],
      ['live_giveaways_by_type', 'bench.live_giveaways_by_type'],
      ['GetUserToken', 'bench.GetUserToken'],
      ['YituTech_conv-bert-base', 'YituTech.conv-bert-base'],
      ['ImageCaption', 'bench.ImageCaption'],
      ['Worldwide_Recipes_Suggestions_dup', 'bench.Worldwide_Recipes_Suggestions'],
      ['cjk', 'bench.cjk'],
      ['tool_search_reserved', 'bench.tool_search'],
    ]);
  });

  it('keeps the description, puts the human name in aliases and the category in tags', () => {
    expect(byName.get('Worldwide_Recipes_Suggestions')).toMatchObject({
      description: 'Get Suggestions',
      aliases: ['Worldwide Recipes / Suggestions'],
      tags: ['Food'],
    });
    // A name that is already a wire name is not repeated as an alias.
    expect(byName.get('live_giveaways_by_type')).not.toHaveProperty('aliases');
    expect(byName.get('cjk')).toMatchObject({ aliases: ['天气 / 查询'] });
  });

  it('converts ToolLens {required, optional} lists to JSON Schema', () => {
    expect(byName.get('Worldwide_Recipes_Suggestions')?.parameters).toEqual({
      type: 'object',
      properties: { q: { type: 'string' }, limit: { type: 'number', description: 'How many' } },
      required: ['q'],
    });
  });

  it('converts APIGen parameter maps, where "optional" in the type marks optional parameters', () => {
    expect(byName.get('live_giveaways_by_type')?.parameters).toEqual({
      type: 'object',
      properties: {
        type: { type: 'string', description: 'The type of giveaways.' },
        count: { type: 'integer', description: 'How many.' },
        ids: { type: 'array', description: 'Ids.' },
        flags: { type: 'object', description: 'Flags.' },
        when: { description: 'A date.' },
      },
      required: ['type', 'ids', 'flags', 'when'],
    });
  });

  it('converts parameter lists with schema.type, and treats other shapes as no parameters', () => {
    expect(byName.get('GetUserToken')?.parameters).toEqual({
      type: 'object',
      properties: {
        username: { type: 'string', description: 'Who.' },
        remember: { type: 'boolean' },
      },
      required: ['username', 'remember'],
    });
    const empty = { type: 'object', properties: {}, required: [] };
    expect(byName.get('ImageCaption')?.parameters).toEqual(empty);
    expect(byName.get('YituTech_conv-bert-base')?.parameters).toEqual(empty);
  });

  it('maps relevance from tool ids to wire names, with class default when none is given', () => {
    expect(corpus.intents).toEqual([
      {
        id: 'q1',
        class: 'default',
        query: 'shrimp appetizers',
        relevance: { Worldwide_Recipes_Suggestions: 1, Worldwide_Recipes_Suggestions_dup: 2 },
      },
      { id: 'q2', class: 'web', query: 'games', relevance: { live_giveaways_by_type: 3 } },
      { id: 'q3', class: 'default', query: 'a token', relevance: { GetUserToken: 1 } },
    ]);
  });

  it('gives definitions that createCatalog accepts as they are', async () => {
    const catalog = await createCatalog({ definitions: corpus.tools });
    const recipes = catalog.entries.find((entry) => entry.key === 'Worldwide_Recipes_Suggestions');
    expect(recipes).toMatchObject({
      id: 'Worldwide_Recipes.Suggestions',
      wireName: 'Worldwide_Recipes_Suggestions',
      namespace: 'Worldwide_Recipes',
    });
    expect(catalog.entries.every((entry) => entry.wireName === entry.key)).toBe(true);
  });

  it('keeps wire names within 64 characters when it appends the id', () => {
    const long = 'x'.repeat(80);
    const { tools } = parseEvalCorpus(
      {
        tools: [
          { id: 'a', name: long },
          { id: 'b', name: long },
        ],
        queries: [],
      },
      'bench',
    );
    expect(tools.map((tool) => tool.name)).toEqual(['x'.repeat(64), `${'x'.repeat(62)}_b`]);
  });
});

describe('parseEvalCorpus errors', () => {
  const cases: [string, unknown, RegExp][] = [
    ['a non-object', [1, 2], /found an array instead of an object/],
    [
      'no tools',
      { version: 1, cases: [] },
      /"tools" must be an array, and this file has none \(its keys are version, cases\): it is not a corpus\./,
    ],
    ['neither intents nor queries', { tools: [] }, /neither an "intents" array/],
    [
      'an unknown tool name in IronClaw relevance',
      { tools: [{ name: 'a' }], intents: [{ class: 'x', query: 'q', relevance: { b: 1 } }] },
      /intents\[0\] judges an unknown tool "b"/,
    ],
    [
      'relevance naming a prototype member',
      { tools: [{ name: 'a' }], intents: [{ class: 'x', query: 'q', relevance: { toString: 1 } }] },
      /unknown tool "toString"/,
    ],
    [
      'an unknown tool id in unified relevance',
      { tools: [{ id: '1', name: 'a' }], queries: [{ id: 'q', query: 'q', relevant: { a: 1 } }] },
      /queries\[0\] judges an unknown tool "a"/,
    ],
    [
      'a non-integer grade',
      { tools: [{ name: 'a' }], intents: [{ class: 'x', query: 'q', relevance: { a: 'high' } }] },
      /grades "a" with "high", not an integer/,
    ],
    [
      'a missing relevance map',
      { tools: [{ name: 'a' }], intents: [{ class: 'x', query: 'q' }] },
      /intents\[0\] needs a relevance object/,
    ],
    [
      'a missing query',
      { tools: [{ name: 'a' }], intents: [{ class: 'x', relevance: {} }] },
      /intents\[0\]\.query must be a string/,
    ],
    [
      'a nameless IronClaw tool',
      { tools: [{ description: 'x' }], intents: [] },
      /tools\[0\] must be an object with a non-empty string "name"/,
    ],
    [
      'duplicate IronClaw tool names',
      { tools: [{ name: 'a' }, { name: 'a' }], intents: [] },
      /two tools are named "a"/,
    ],
    [
      'a unified tool without id',
      { tools: [{ name: 'a' }], queries: [] },
      /tools\[0\] needs an "id"/,
    ],
    [
      'duplicate unified tool ids',
      {
        tools: [
          { id: 1, name: 'a' },
          { id: '1', name: 'b' },
        ],
        queries: [],
      },
      /two tools have the id "1"/,
    ],
    [
      'a namespace description that is not a string',
      { tools: [], intents: [], namespaces: { a: 1 } },
      /namespace "a" must be a string/,
    ],
  ];

  it.each(cases)('rejects %s with a typed error in strict mode', (_, data, message) => {
    let thrown: unknown;
    try {
      parseEvalCorpus(data, 'broken', { strict: true });
    } catch (error) {
      thrown = error;
    }
    expect(InvalidEvalCorpusError.isInstance(thrown)).toBe(true);
    expect(ToolDisclosureError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({
      name: 'ToolDisclosureInvalidEvalCorpusError',
      corpus: 'broken',
    });
    expect((thrown as Error).message).toMatch(message);
    expect((thrown as Error).message).toContain('Expected a JSON object in the IronClaw format');
  });
});

describe('parseEvalCorpus, skipping invalid rows (the default)', () => {
  const messy = {
    tools: [
      { id: 't0', name: 'multiply_fractions', description: 'Multiplies fractions.' },
      // As in ToolRet's toolink.json.
      { id: 't1', name: '', description: '' },
      { id: 't2', name: 'count_digits' },
      { name: 'no id' },
      'not an object',
      { id: 't0', name: 'the same id again' },
    ],
    queries: [
      { id: 'q0', query: 'multiply', relevant: { t0: 1 } },
      // Only the skipped tool is judged: the query goes too.
      { id: 'q1', query: 'digits', relevant: { t1: 1 } },
      // One judged tool was skipped: its judgment goes, the query stays.
      { id: 'q2', query: 'count', relevant: { t1: 1, t2: 2 } },
      { id: 'q3', query: 'nowhere', relevant: { missing: 1 } },
      { id: 'q4', relevant: { t0: 1 } },
      { id: 'q5', query: 'nothing fits', relevant: {}, class: 'no_match' },
    ],
  };

  it('skips and counts invalid tool and query rows, keeping the first reasons', () => {
    const corpus = parseEvalCorpus(messy, 'messy');
    expect(corpus.tools.map((tool) => tool.name)).toEqual(['multiply_fractions', 'count_digits']);
    expect(corpus.intents).toEqual([
      { id: 'q0', class: 'default', query: 'multiply', relevance: { multiply_fractions: 1 } },
      { id: 'q2', class: 'default', query: 'count', relevance: { count_digits: 2 } },
      { id: 'q5', class: 'no_match', query: 'nothing fits', relevance: {} },
    ]);
    expect(corpus.skipped).toEqual({
      tools: 4,
      queries: 3,
      reasons: [
        'tools[1] needs a non-empty string "name"',
        'tools[3] needs an "id" (a string or a number)',
        'tools[4] must be an object',
        'two tools have the id "t0"',
        'queries[1] judges only skipped tools',
        'queries[3] judges an unknown tool "missing"',
        'queries[4].query must be a string',
      ],
    });
  });

  it('reports no skipped rows for a valid file', () => {
    expect(parseEvalCorpus(ironClaw, 'tiny').skipped).toEqual({
      tools: 0,
      queries: 0,
      reasons: [],
    });
  });

  it('skips IronClaw rows too: a duplicate name keeps the first tool', () => {
    const corpus = parseEvalCorpus(
      {
        tools: [{ name: 'a', description: 'first' }, { name: 'a' }, { name: ' ' }],
        intents: [
          { class: 'x', query: 'q', relevance: { a: 1 } },
          { class: 'x', query: 'q', relevance: { b: 1 } },
          { class: 'x', query: 3, relevance: {} },
        ],
      },
      'iron',
    );
    expect(corpus.tools).toEqual([{ name: 'a', description: 'first' }]);
    expect(corpus.intents.map((intent) => intent.id)).toEqual(['0']);
    expect(corpus.skipped).toMatchObject({ tools: 2, queries: 2 });
  });

  it('refuses with the first reason when every tool or every query row is invalid', () => {
    expect(() => parseEvalCorpus({ tools: [{ id: 1, name: '' }], queries: [] }, 'x')).toThrow(
      /every tool row is invalid \(the first: tools\[0\] needs a non-empty string "name"\)/,
    );
    expect(() =>
      parseEvalCorpus({ tools: [{ name: 'a' }], intents: [{ class: 'x', relevance: {} }] }, 'x'),
    ).toThrow(/every query row is invalid \(the first: intents\[0\]\.query must be a string\)/);
  });

  it('keeps at most 10 reasons but counts every skipped row', () => {
    const tools = [
      { id: 'ok', name: 'ok' },
      ...Array.from({ length: 12 }, (_, index) => ({ id: `bad${index}`, name: '' })),
    ];
    const { skipped } = parseEvalCorpus({ tools, queries: [] }, 'many');
    expect(skipped?.tools).toBe(12);
    expect(skipped?.reasons).toHaveLength(10);
  });
});

describe('loadEvalCorpus', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'eval-corpus-'));
    await writeFile(join(directory, 'tiny-corpus.json'), JSON.stringify(ironClaw));
    await writeFile(join(directory, 'broken.json'), '{"tools": [');
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('reads a file and names the corpus after it', async () => {
    const corpus = await loadEvalCorpus(join(directory, 'tiny-corpus.json'));
    expect(corpus.name).toBe('tiny-corpus');
    expect(corpus.intents).toHaveLength(3);
    const named = await loadEvalCorpus(join(directory, 'tiny-corpus.json'), 'other');
    expect(named.name).toBe('other');
  });

  it('skips invalid rows, or refuses them with strict', async () => {
    const path = join(directory, 'odd.json');
    await writeFile(
      path,
      JSON.stringify({ ...ironClaw, tools: [...ironClaw.tools, { name: '', description: 'x' }] }),
    );
    expect((await loadEvalCorpus(path)).skipped).toMatchObject({ tools: 1, queries: 0 });
    await expect(loadEvalCorpus(path, 'odd', { strict: true })).rejects.toThrow(
      `Invalid evaluation corpus ${path}: tools[2] must be an object with a non-empty string "name".`,
    );
  });

  it('reports a missing file and malformed JSON as typed errors naming the path', async () => {
    const missing = join(directory, 'missing.json');
    await expect(loadEvalCorpus(missing)).rejects.toSatisfy(
      (error) =>
        InvalidEvalCorpusError.isInstance(error) &&
        error.corpus === missing &&
        error.problem === 'unreadable' &&
        error.message === `Invalid evaluation corpus ${missing}: no such file.`,
    );
    await expect(loadEvalCorpus(join(directory, 'broken.json'))).rejects.toSatisfy(
      (error) =>
        InvalidEvalCorpusError.isInstance(error) &&
        error.problem === 'invalid-json' &&
        /broken\.json: not valid JSON/.test(error.message),
    );
  });

  it('names the path in shape errors', async () => {
    const path = join(directory, 'shape.json');
    await writeFile(path, '{"tools": []}');
    await expect(loadEvalCorpus(path)).rejects.toThrow(`Invalid evaluation corpus ${path}:`);
  });
});
