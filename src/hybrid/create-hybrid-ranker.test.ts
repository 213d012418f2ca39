import { MockEmbeddingModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createCatalog } from '../catalog/create-catalog.js';
import type { ToolDefinition } from '../catalog/tool-definition.js';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { createOramaRanker } from '../search/create-orama-ranker.js';
import type { RankedTool } from '../search/ranker.js';
import { rankerConformanceSuite } from '../search/ranker-conformance.case.js';
import { createConceptEmbeddingModel } from './concept-embedding-model.case.js';
import { createHybridRanker } from './create-hybrid-ranker.js';
import { createMemoryEmbeddingCache } from './create-memory-embedding-cache.js';

rankerConformanceSuite(() =>
  createHybridRanker({ embeddingModel: createConceptEmbeddingModel(), onWarning: () => {} }),
);

const definitions: ToolDefinition[] = [
  { name: 'calendar__create_event', description: 'Create an event in a calendar' },
  { name: 'calendar__list_events', description: 'List upcoming events in a calendar' },
  { name: 'weather__get_forecast', description: 'Get the weather forecast for a city' },
  { name: 'mail__send_message', description: 'Send an email message from the mailbox' },
  { name: 'repo__create_issue', description: 'Open an issue in a repository' },
];

async function entriesOf(tools: readonly ToolDefinition[] = definitions) {
  return (await createCatalog({ definitions: tools })).entries;
}

function idsOf(results: readonly RankedTool[]): string[] {
  return results.map((result) => result.entry.id);
}

/** A model that fails every call, as a provider with a bad key does. */
function throwingModel() {
  return new MockEmbeddingModelV4({
    doEmbed: async () => {
      throw new Error('401 invalid api key');
    },
  });
}

/** A model that never answers and ignores the abort signal. */
function hangingModel() {
  return new MockEmbeddingModelV4({ doEmbed: () => new Promise(() => {}) });
}

/** A model that embeds like the concept model until `fail` is called, then fails (or hangs on) every call. */
function failingLaterModel(failure: 'throw' | 'hang') {
  const concepts = createConceptEmbeddingModel();
  let failing = false;
  const model = new MockEmbeddingModelV4({
    doEmbed: (options) => {
      if (!failing) return concepts.doEmbed(options);
      return failure === 'hang'
        ? new Promise(() => {})
        : Promise.reject(new Error('503 overloaded'));
    },
  });
  return {
    model,
    fail: () => {
      failing = true;
    },
  };
}

describe('createHybridRanker', () => {
  it('finds a tool for a paraphrase that shares no word with it, where the lexical ranker finds none', async () => {
    const entries = await entriesOf();
    const query = 'will I need an umbrella in paris';
    const lexical = await createOramaRanker().createIndex(entries);
    expect(await lexical.search(query, 5)).toEqual([]);
    const hybrid = await createHybridRanker({
      embeddingModel: createConceptEmbeddingModel(),
    }).createIndex(entries);
    expect(idsOf(await hybrid.search(query, 5))).toEqual(['weather.get_forecast']);
  });

  it('keeps the lexical first place when both rankings agree, and adds the semantic neighbours', async () => {
    const entries = await entriesOf();
    const hybrid = await createHybridRanker({
      embeddingModel: createConceptEmbeddingModel(),
    }).createIndex(entries);
    const results = idsOf(await hybrid.search('book a meeting in my calendar', 5));
    expect(results[0]).toBe('calendar.create_event');
    expect(results).toContain('calendar.list_events');
  });

  it('returns nothing when the lexical ranker finds nothing and no tool is close enough', async () => {
    const hybrid = await createHybridRanker({
      embeddingModel: createConceptEmbeddingModel(),
      minSimilarity: 0.9,
    }).createIndex(await entriesOf());
    // Close to the forecast tool (weather) and far from it (paris), so about 0.5.
    expect(await hybrid.search('umbrella paris', 5)).toEqual([]);
  });

  it('embeds each distinct tool text once per cache, and each query once', async () => {
    const cache = createMemoryEmbeddingCache();
    const first = createConceptEmbeddingModel();
    const index = await createHybridRanker({ embeddingModel: first, cache }).createIndex(
      await entriesOf(),
    );
    expect(first.embedded).toHaveLength(definitions.length);
    await index.search('umbrella', 5);
    expect(first.embedded).toHaveLength(definitions.length + 1);

    // Another ranker (another instance) over a catalog with one more tool embeds only that tool.
    const second = createConceptEmbeddingModel();
    await createHybridRanker({ embeddingModel: second, cache }).createIndex(
      await entriesOf([
        ...definitions,
        { name: 'repo__delete_branch', description: 'Remove a branch' },
      ]),
    );
    expect(second.embedded).toEqual(['delete branch (repo): Remove a branch']);

    // Another model embeds everything again: its vectors are not the first model's.
    const other = createConceptEmbeddingModel('concepts-v2');
    await createHybridRanker({ embeddingModel: other, cache }).createIndex(await entriesOf());
    expect(other.embedded).toHaveLength(definitions.length);
  });

  it('is named after its model and fusion settings, so indexes cached by name are not shared', () => {
    const name = (options: { modelId?: string; weight?: number; minSimilarity?: number }) =>
      createHybridRanker({
        embeddingModel: createConceptEmbeddingModel(options.modelId),
        weight: options.weight,
        minSimilarity: options.minSimilarity,
      }).name;
    expect(name({})).toMatch(/^hybrid:[0-9a-f]{12}$/);
    expect(name({})).toBe(name({}));
    expect(
      new Set([
        name({}),
        name({ modelId: 'other' }),
        name({ weight: 2 }),
        name({ minSimilarity: 0.7 }),
      ]).size,
    ).toBe(4);
  });

  it.each([
    ['throws', throwingModel],
    ['hangs', hangingModel],
  ])(
    'searches lexically, reported once, when the model %s while embedding the catalog',
    async (_, createModel) => {
      const entries = await entriesOf();
      const warnings: string[] = [];
      const started = Date.now();
      const hybrid = await createHybridRanker({
        embeddingModel: createModel(),
        indexTimeoutMs: 200,
        onWarning: (message) => warnings.push(message),
      }).createIndex(entries);
      expect(Date.now() - started).toBeLessThan(2_000);
      const lexical = await createOramaRanker().createIndex(entries);
      for (const query of ['send an email', 'weather forecast', 'upcoming events']) {
        expect(await hybrid.search(query, 5)).toEqual(await lexical.search(query, 5));
      }
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^hybrid search: embedding 5 tools with mock-provider:mock-model-id failed \(.+\); this index searches lexically$/,
      );
    },
  );

  it.each([
    ['throws', 'throw'],
    ['hangs', 'hang'],
  ] as const)(
    'answers lexically within the timeout, reported once per index, when the model %s on a query',
    async (_, failure) => {
      const entries = await entriesOf();
      const warnings: string[] = [];
      const { model, fail } = failingLaterModel(failure);
      const hybrid = await createHybridRanker({
        embeddingModel: model,
        timeoutMs: 100,
        onWarning: (message) => warnings.push(message),
      }).createIndex(entries);
      fail();
      const lexical = await createOramaRanker().createIndex(entries);
      for (const query of ['send an email', 'weather forecast', 'will I need an umbrella']) {
        const started = Date.now();
        const results = await hybrid.search(query, 5);
        expect(Date.now() - started).toBeLessThan(1_000);
        expect(results).toEqual(await lexical.search(query, 5));
      }
      expect(warnings).toEqual([
        expect.stringMatching(
          failure === 'hang'
            ? /^hybrid search: embedding a query with mock-provider:mock-model-id failed \(no answer within 100 ms\); searching lexically/
            : /\(503 overloaded\)/,
        ),
      ]);
    },
  );

  it('rejects options outside their range, naming what is valid', () => {
    const embeddingModel = createConceptEmbeddingModel();
    expect(() => createHybridRanker({ embeddingModel, timeoutMs: 0 })).toThrow(
      'Invalid timeoutMs: 0. Expected a positive number of milliseconds.',
    );
    expect(() => createHybridRanker({ embeddingModel, weight: -1 })).toThrow(InvalidOptionError);
    expect(() => createHybridRanker({ embeddingModel, minSimilarity: 2 })).toThrow(
      'Expected a cosine similarity between -1 and 1.',
    );
  });
});
