import { MockEmbeddingModelV4 } from 'ai/test';
import type { ToolDefinition } from 'tool-disclosure/catalog';
import { createCatalog } from 'tool-disclosure/catalog';
import { InvalidOptionError } from 'tool-disclosure/error';
import type { RankedTool } from 'tool-disclosure/search';
import { createOramaRanker } from 'tool-disclosure/search';
import { describe, expect, it, vi } from 'vitest';
import { rankerConformanceSuite } from '../../../src/search/ranker-conformance.case.js';
import { createHybridRanker } from './create-hybrid-ranker.js';
import { createLocalHybridRanker } from './create-local-hybrid-ranker.js';
import { createMemoryEmbeddingCache } from './create-memory-embedding-cache.js';
import { createRecordingEmbeddingModel } from './recording-embedding-model.case.js';

rankerConformanceSuite(createLocalHybridRanker);

const definitions: ToolDefinition[] = [
  { name: 'camera__take_photo', description: 'Capture an image with the device camera' },
  { name: 'frames__list_sizes', description: 'List the sizes of picture frames in stock' },
  { name: 'recipes__suggest', description: 'Suggest recipes for an ingredient' },
  { name: 'grocery__find_ingredient', description: 'Find where an ingredient is sold' },
  { name: 'weather__get_forecast', description: 'Get the weather forecast for a city' },
  { name: 'travel__city_guide', description: 'Describe the sights of a city' },
  { name: 'music__playlist', description: 'Create a playlist of songs' },
];

/** The word vectors with more weight and a lower bar than the local ranker's, to show what they can do. */
function paraphraseRanker(embeddingModel = createRecordingEmbeddingModel()) {
  return createHybridRanker({ embeddingModel, weight: 0.5, minSimilarity: 0.5 });
}

async function entriesOf(tools: readonly ToolDefinition[] = definitions) {
  return (await createCatalog({ definitions: tools })).entries;
}

function idsOf(results: readonly RankedTool[]): string[] {
  return results.map((result) => result.entry.id);
}

/** A promise for the model's next call, re-armed by each call. */
function callWatcher() {
  let notify = () => {};
  let next = new Promise<void>((resolve) => {
    notify = resolve;
  });
  return {
    next: () => next,
    called: () => {
      notify();
      next = new Promise<void>((resolve) => {
        notify = resolve;
      });
    },
  };
}

/** A model that fails every call, as a provider with a bad key does. */
function throwingModel() {
  const watcher = callWatcher();
  const model = new MockEmbeddingModelV4({
    doEmbed: async () => {
      watcher.called();
      throw new Error('401 invalid api key');
    },
  });
  return { model, nextCall: watcher.next };
}

/** A model that never answers and ignores the abort signal. */
function hangingModel() {
  const watcher = callWatcher();
  const model = new MockEmbeddingModelV4({
    doEmbed: () => {
      watcher.called();
      return new Promise(() => {});
    },
  });
  return { model, nextCall: watcher.next };
}

/** A model that embeds with the word vectors until `fail` is called, then fails (or hangs on) every call. */
function failingLaterModel(failure: 'throw' | 'hang') {
  const wordVectors = createRecordingEmbeddingModel();
  const watcher = callWatcher();
  let failing = false;
  const model = new MockEmbeddingModelV4({
    doEmbed: (options) => {
      if (!failing) return wordVectors.doEmbed(options);
      watcher.called();
      return failure === 'hang'
        ? new Promise(() => {})
        : Promise.reject(new Error('503 overloaded'));
    },
  });
  return {
    model,
    nextCall: watcher.next,
    fail: () => {
      failing = true;
    },
  };
}

/**
 * Runs `start` with `setTimeout` on a fake clock, which starts once the model
 * has been called (`called`), and reports whether it settled before
 * `timeoutMs` of that clock had passed; it must have settled at `timeoutMs`.
 * A model that hangs can only be given up on by the timeout's timer.
 */
async function onFakeClock<RESULT>(
  start: () => Promise<RESULT>,
  called: Promise<void>,
  timeoutMs: number,
): Promise<{ result: RESULT; settledBeforeTimeout: boolean }> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    let settled = false;
    const running = start().finally(() => {
      settled = true;
    });
    await called;
    await vi.advanceTimersByTimeAsync(timeoutMs - 1);
    const settledBeforeTimeout = settled;
    await vi.advanceTimersByTimeAsync(1);
    return { result: await running, settledBeforeTimeout };
  } finally {
    vi.useRealTimers();
  }
}

describe('createHybridRanker', () => {
  it('ranks first the tool a paraphrase means, where the lexical ranker ranks a namesake first, and no longer weak', async () => {
    const entries = await entriesOf();
    const query = 'rain or snow in my city';
    const lexical = await createOramaRanker().createIndex(entries);
    const lexicalResults = await lexical.search(query, 2);
    expect(idsOf(lexicalResults)).toEqual(['travel.city_guide', 'weather.get_forecast']);
    expect(lexicalResults.map((result) => result.weak)).toEqual([true, true]);
    const hybrid = await paraphraseRanker().createIndex(entries);
    const results = await hybrid.search(query, 2);
    expect(idsOf(results)).toEqual(['weather.get_forecast', 'travel.city_guide']);
    // The vectors find the forecast strongly; the city guide stays weak evidence.
    expect(results.map((result) => result.weak)).toEqual([undefined, true]);
  });

  it('finds a tool for a request that shares no word with any tool, where the lexical ranker finds none', async () => {
    const entries = await entriesOf();
    const query = 'photograph my cat';
    // Words alone: in Node the default ranker reads this request through its own word vectors.
    const lexical = await createOramaRanker({ wordVectors: false }).createIndex(entries);
    expect(await lexical.search(query, 5)).toEqual([]);
    const hybrid = await paraphraseRanker().createIndex(entries);
    expect(idsOf(await hybrid.search(query, 5))[0]).toBe('camera.take_photo');
    // The local ranker's bar is higher: what its word vectors find is only weak evidence.
    const local = await createLocalHybridRanker().createIndex(entries);
    const found = await local.search(query, 5);
    expect(idsOf(found)[0]).toBe('camera.take_photo');
    expect(found.every((ranked) => ranked.weak === true)).toBe(true);
  });

  it('keeps the lexical ranking when the vectors agree with it', async () => {
    const entries = await entriesOf();
    const hybrid = await paraphraseRanker().createIndex(entries);
    const lexical = await createOramaRanker().createIndex(entries);
    for (const query of ['snap a picture of the sunset', 'music to play at a party']) {
      expect(idsOf(await hybrid.search(query, 2))[0]).toBe(
        idsOf(await lexical.search(query, 2))[0],
      );
    }
  });

  it('returns nothing for a request no tool is close to, nor for words the model does not know', async () => {
    const hybrid = await paraphraseRanker().createIndex(await entriesOf());
    for (const query of ['zzqx wvvy', 'the of and']) {
      expect(await hybrid.search(query, 5), query).toEqual([]);
    }
  });

  it('embeds each distinct tool text once per cache, and each query once', async () => {
    const cache = createMemoryEmbeddingCache();
    const first = createRecordingEmbeddingModel();
    const index = await createHybridRanker({ embeddingModel: first, cache }).createIndex(
      await entriesOf(),
    );
    expect(first.embedded).toHaveLength(definitions.length);
    await index.search('photograph my cat', 5);
    expect(first.embedded).toHaveLength(definitions.length + 1);

    // Another ranker (another instance) over a catalog with one more tool embeds only that tool.
    const second = createRecordingEmbeddingModel();
    await createHybridRanker({ embeddingModel: second, cache }).createIndex(
      await entriesOf([
        ...definitions,
        { name: 'repo__delete_branch', description: 'Remove a branch' },
      ]),
    );
    expect(second.embedded).toEqual(['delete branch (repo): Remove a branch']);

    // Another model embeds everything again: its vectors are not the first model's.
    const other = createRecordingEmbeddingModel('another-model');
    await createHybridRanker({ embeddingModel: other, cache }).createIndex(await entriesOf());
    expect(other.embedded).toHaveLength(definitions.length);
  });

  it('is named after its model and fusion settings, so indexes cached by name are not shared', () => {
    const name = (options: { modelId?: string; weight?: number; minSimilarity?: number }) =>
      createHybridRanker({
        embeddingModel: createRecordingEmbeddingModel(options.modelId),
        weight: options.weight,
        minSimilarity: options.minSimilarity,
      }).name;
    expect(name({})).toMatch(/^hybrid:[0-9a-f]{12}$/);
    expect(name({})).toBe(name({}));
    expect(
      new Set([
        name({}),
        name({ modelId: 'other' }),
        name({ weight: 0.5 }),
        name({ minSimilarity: 0.7 }),
      ]).size,
    ).toBe(4);
  });

  it.each([
    ['throws', throwingModel, true],
    ['hangs', hangingModel, false],
  ] as const)(
    'searches lexically, reported once, when the model %s while embedding the catalog',
    async (_, createModel, settlesBeforeTimeout) => {
      const entries = await entriesOf();
      const warnings: string[] = [];
      const { model, nextCall } = createModel();
      // A hanging model is given up on exactly at indexTimeoutMs; a failing one at once.
      const { result: hybrid, settledBeforeTimeout } = await onFakeClock(
        () =>
          createHybridRanker({
            embeddingModel: model,
            indexTimeoutMs: 200,
            onWarning: (message) => warnings.push(message),
          }).createIndex(entries),
        nextCall(),
        200,
      );
      expect(settledBeforeTimeout).toBe(settlesBeforeTimeout);
      const lexical = await createOramaRanker().createIndex(entries);
      for (const query of ['take a photo', 'weather forecast', 'songs']) {
        expect(await hybrid.search(query, 5)).toEqual(await lexical.search(query, 5));
      }
      expect(warnings).toEqual([
        `hybrid search: embedding 7 tools with mock-provider:mock-model-id failed (${
          settlesBeforeTimeout ? '401 invalid api key' : 'no answer within 200 ms'
        }); this index searches lexically`,
      ]);
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
      const { model, fail, nextCall } = failingLaterModel(failure);
      const hybrid = await createHybridRanker({
        embeddingModel: model,
        timeoutMs: 100,
        onWarning: (message) => warnings.push(message),
      }).createIndex(entries);
      fail();
      const lexical = await createOramaRanker().createIndex(entries);
      for (const query of ['take a photo', 'rain or snow in my city', 'photograph my cat']) {
        // Each query waits for the model at most timeoutMs of the fake clock, a hanging one exactly that.
        const { result, settledBeforeTimeout } = await onFakeClock(
          () => hybrid.search(query, 5),
          nextCall(),
          100,
        );
        expect(settledBeforeTimeout).toBe(failure === 'throw');
        expect(result).toEqual(await lexical.search(query, 5));
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

  it('embeds every tool, and warns, when the cache fails to read or write', async () => {
    const entries = await entriesOf();
    const warnings: string[] = [];
    const embeddingModel = createRecordingEmbeddingModel();
    const hybrid = await createHybridRanker({
      embeddingModel,
      cache: {
        get: () => Promise.reject(new Error('ECONNREFUSED')),
        set: () => new Promise(() => {}),
      },
      indexTimeoutMs: 200,
      onWarning: (message) => warnings.push(message),
    }).createIndex(entries);
    expect(embeddingModel.embedded).toHaveLength(definitions.length);
    expect(idsOf(await hybrid.search('take a photo', 1))).toEqual(['camera.take_photo']);
    expect(warnings).toEqual([
      'hybrid search: reading the embedding cache failed (ECONNREFUSED); embedding every tool',
      'hybrid search: writing 7 vectors to the embedding cache failed (no answer within 200 ms)',
    ]);
  });

  it('rejects options outside their range, naming what is valid', () => {
    const embeddingModel = createRecordingEmbeddingModel();
    expect(() => createHybridRanker({ embeddingModel, timeoutMs: 0 })).toThrow(
      'Invalid timeoutMs: 0. Expected a positive number of milliseconds.',
    );
    expect(() => createHybridRanker({ embeddingModel, weight: -1 })).toThrow(InvalidOptionError);
    expect(() => createHybridRanker({ embeddingModel, minSimilarity: 2 })).toThrow(
      'Expected a cosine similarity between -1 and 1.',
    );
  });
});
