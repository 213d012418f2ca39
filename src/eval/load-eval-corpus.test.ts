import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog } from '../catalog/create-catalog.js';
import { ToolDisclosureError } from '../error/tool-disclosure-error.js';
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
    ['no tools', { intents: [] }, /"tools" must be an array/],
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

  it.each(cases)('rejects %s with a typed error', (_, data, message) => {
    let thrown: unknown;
    try {
      parseEvalCorpus(data, 'broken');
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
