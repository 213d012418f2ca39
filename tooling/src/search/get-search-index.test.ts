import { createSizedCache } from 'tool-disclosure/cache';
import type { ToolDefinition } from 'tool-disclosure/catalog';
import { authorizeCatalog, createCatalog } from 'tool-disclosure/catalog';
import { createDisclosure } from 'tool-disclosure/disclosure';
import { InvalidOptionError } from 'tool-disclosure/error';
import type { Ranker } from 'tool-disclosure/search';
import { clearSearchIndexCache, estimateIndexBytes, getSearchIndex } from 'tool-disclosure/search';
import { beforeEach, describe, expect, it } from 'vitest';
import { createKeywordRanker } from './keyword-ranker.js';

const definitions: ToolDefinition[] = [
  { name: 'gmail__send_message', description: 'Send an email.' },
  { name: 'memory__save', description: 'Save a memory.' },
  { name: 'slack__send_message', description: 'Send a message to a channel.' },
  { name: 'stripe__create_refund', description: 'Refund a charge.' },
];
const catalog = await createCatalog({ definitions, core: ['memory.*'] });

/** Wraps the keyword ranker and records the ids of every index it builds. */
function countingRanker(name = 'counting') {
  const builds: string[][] = [];
  const inner = createKeywordRanker();
  const ranker: Ranker = {
    name,
    async createIndex(entries) {
      builds.push(entries.map((entry) => entry.id));
      return inner.createIndex(entries);
    },
  };
  return { ranker, builds };
}

async function idsFound(index: Awaited<ReturnType<typeof getSearchIndex>>, query: string) {
  return (await index.search(query, 10)).map((result) => result.entry.id);
}

beforeEach(() => {
  clearSearchIndexCache();
});

describe('getSearchIndex', () => {
  it('builds once per authorized set and ranker, and returns the same index afterwards', async () => {
    const { ranker, builds } = countingRanker();
    const authorized = authorizeCatalog(catalog, { deny: ['stripe.*'] });
    const first = await getSearchIndex(authorized, ranker);
    const second = await getSearchIndex(authorized, ranker);
    expect(second).toBe(first);
    expect(builds).toEqual([['gmail.send_message', 'memory.save', 'slack.send_message']]);
  });

  it('reuses the index for an equal catalog rebuilt later, as a warm invocation does', async () => {
    const { ranker, builds } = countingRanker();
    const first = await getSearchIndex(authorizeCatalog(catalog), ranker);
    const rebuilt = await createCatalog({ definitions, core: ['memory.*'] });
    expect(rebuilt).not.toBe(catalog);
    const second = await getSearchIndex(authorizeCatalog(rebuilt), countingRanker().ranker);
    expect(second).toBe(first);
    expect(builds).toHaveLength(1);
  });

  it('shares one build between concurrent calls', async () => {
    const { ranker, builds } = countingRanker();
    const authorized = authorizeCatalog(catalog);
    const [first, second] = await Promise.all([
      getSearchIndex(authorized, ranker),
      getSearchIndex(authorized, ranker),
    ]);
    expect(second).toBe(first);
    expect(builds).toHaveLength(1);
  });

  it('builds a separate index per policy, and a denied tool is never in it', async () => {
    const { ranker, builds } = countingRanker();
    const everything = await getSearchIndex(authorizeCatalog(catalog), ranker);
    const withoutGmail = await getSearchIndex(
      authorizeCatalog(catalog, { deny: ['gmail.*'] }),
      ranker,
    );
    expect(withoutGmail).not.toBe(everything);
    expect(builds).toHaveLength(2);
    expect(await idsFound(everything, 'send')).toEqual([
      'gmail.send_message',
      'slack.send_message',
    ]);
    expect(await idsFound(withoutGmail, 'send')).toEqual(['slack.send_message']);
    expect(await idsFound(withoutGmail, 'gmail__send_message')).toEqual(['slack.send_message']);
  });

  it('builds a separate index per ranker name', async () => {
    const authorized = authorizeCatalog(catalog);
    const one = countingRanker('one');
    const two = countingRanker('two');
    expect(await getSearchIndex(authorized, two.ranker)).not.toBe(
      await getSearchIndex(authorized, one.ranker),
    );
    expect([one.builds.length, two.builds.length]).toEqual([1, 1]);
  });

  it('keys a subset of the authorized entries by exactly the ids it holds', async () => {
    const { ranker, builds } = countingRanker();
    const disclosure = createDisclosure({ catalog, maxTools: 0, environment: {} });
    expect(disclosure.discoverable.map((entry) => entry.id)).not.toContain('memory.save');

    const all = await getSearchIndex(disclosure.authorized, ranker);
    const discoverable = await getSearchIndex(
      disclosure.authorized,
      ranker,
      disclosure.discoverable,
    );
    expect(discoverable).not.toBe(all);
    // The same set in another order, or with a duplicate, is the same key; the ranker
    // always receives the authorized catalog's order.
    const shuffled = [...disclosure.discoverable].reverse();
    expect(await getSearchIndex(disclosure.authorized, ranker, shuffled)).toBe(discoverable);
    expect(await getSearchIndex(disclosure.authorized, ranker, [...shuffled, ...shuffled])).toBe(
      discoverable,
    );
    // Passing every authorized entry is the same as passing none.
    expect(
      await getSearchIndex(disclosure.authorized, ranker, [...disclosure.authorized.entries]),
    ).toBe(all);
    expect(builds).toEqual([
      ['gmail.send_message', 'memory.save', 'slack.send_message', 'stripe.create_refund'],
      ['gmail.send_message', 'slack.send_message', 'stripe.create_refund'],
    ]);
    expect(await idsFound(discoverable, 'memory__save')).toEqual([]);
  });

  it('rejects entries that are not in the authorized catalog', async () => {
    const { ranker, builds } = countingRanker();
    const authorized = authorizeCatalog(catalog, { deny: ['stripe.*'] });
    const denied = catalog.entries.filter((entry) => entry.namespace === 'stripe');
    expect(() => getSearchIndex(authorized, ranker, denied)).toThrow(InvalidOptionError);
    expect(() => getSearchIndex(authorized, ranker, denied)).toThrow(/stripe\.create_refund/);
    expect(builds).toEqual([]);
  });

  it('keeps indexes within the byte budget of its cache, dropping the least recently used first', async () => {
    const { ranker, builds } = countingRanker();
    const many = await createCatalog({
      definitions: Array.from({ length: 4 }, (_, ordinal) => ({
        name: `service__tool_${ordinal}`,
      })),
    });
    const authorizedSets = many.entries.map((entry) =>
      authorizeCatalog(many, { allow: [entry.id] }),
    );
    const one = estimateIndexBytes([many.entries[0] as (typeof many.entries)[number]]);
    // Room for three single-tool indexes, not four.
    const cache = createSizedCache(one * 3 + one / 2);
    const [oldest, second, third, fourth] = authorizedSets as [
      (typeof authorizedSets)[number],
      (typeof authorizedSets)[number],
      (typeof authorizedSets)[number],
      (typeof authorizedSets)[number],
    ];
    const first = await getSearchIndex(oldest, ranker, undefined, cache);
    const secondIndex = await getSearchIndex(second, ranker, undefined, cache);
    await getSearchIndex(third, ranker, undefined, cache);
    // Using the oldest makes the second one the least recently used.
    expect(await getSearchIndex(oldest, ranker, undefined, cache)).toBe(first);
    expect(builds).toHaveLength(3);
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);

    await getSearchIndex(fourth, ranker, undefined, cache);
    expect(builds).toHaveLength(4);
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    expect(await getSearchIndex(oldest, ranker, undefined, cache)).toBe(first);
    expect(await getSearchIndex(second, ranker, undefined, cache)).not.toBe(secondIndex);
    expect(builds).toHaveLength(5);
  });

  it('estimates an index by the text it holds, so a catalog ten times larger weighs about ten times more', async () => {
    const small = await createCatalog({
      definitions: Array.from({ length: 100 }, (_, ordinal) => ({
        name: `service__tool_${ordinal}`,
        description: 'Lists records of the service.',
      })),
    });
    const large = await createCatalog({
      definitions: Array.from({ length: 1000 }, (_, ordinal) => ({
        name: `service__tool_${ordinal}`,
        description: 'Lists records of the service.',
      })),
    });
    const ratio = estimateIndexBytes(large.entries) / estimateIndexBytes(small.entries);
    expect(ratio).toBeGreaterThan(9);
    expect(ratio).toBeLessThan(11);
  });

  it('does not cache a failed build: every waiting caller sees the failure, the next call retries', async () => {
    const inner = createKeywordRanker();
    let attempts = 0;
    const flaky: Ranker = {
      name: 'flaky',
      async createIndex(entries) {
        attempts++;
        if (attempts === 1) throw new Error('index backend unavailable');
        return inner.createIndex(entries);
      },
    };
    const authorized = authorizeCatalog(catalog);
    const results = await Promise.allSettled([
      getSearchIndex(authorized, flaky),
      getSearchIndex(authorized, flaky),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(attempts).toBe(1);

    const index = await getSearchIndex(authorized, flaky);
    expect(attempts).toBe(2);
    expect(await getSearchIndex(authorized, flaky)).toBe(index);
    expect(attempts).toBe(2);
  });

  it('turns a ranker that throws synchronously into a rejected promise', async () => {
    const broken: Ranker = {
      name: 'broken',
      createIndex() {
        throw new Error('synchronous failure');
      },
    };
    await expect(getSearchIndex(authorizeCatalog(catalog), broken)).rejects.toThrow(
      'synchronous failure',
    );
  });

  it('builds again after clearSearchIndexCache', async () => {
    const { ranker, builds } = countingRanker();
    const authorized = authorizeCatalog(catalog);
    const first = await getSearchIndex(authorized, ranker);
    clearSearchIndexCache();
    expect(await getSearchIndex(authorized, ranker)).not.toBe(first);
    expect(builds).toHaveLength(2);
  });
});
