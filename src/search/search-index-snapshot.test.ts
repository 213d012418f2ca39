import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runToolSearch, searchableEntries } from '../bridge/run-tool-search.js';
import { createSizedCache } from '../cache/create-sized-cache.js';
import { authorizeCatalog } from '../catalog/authorize-catalog.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createCatalog } from '../catalog/create-catalog.js';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { SearchIndexSnapshotDamagedError } from '../error/search-index-snapshot-damaged-error.js';
import { SearchIndexSnapshotMismatchError } from '../error/search-index-snapshot-mismatch-error.js';
import { loadEvalCorpus } from '../eval/load-eval-corpus.js';
import { createOramaRanker } from './create-orama-ranker.js';
import { getSearchIndex } from './get-search-index.js';
import { createKeywordRanker } from './keyword-ranker.js';
import type { Ranker } from './ranker.js';
import { createSearchIndexSnapshot } from './search-index-snapshot.js';

const corpus = await loadEvalCorpus(
  fileURLToPath(new URL('../../corpus/judged-corpus.json', import.meta.url)),
);
const namespaces = Object.fromEntries(
  Object.entries(corpus.namespaces).map(([name, description]) => [name, { description }]),
);
const catalog = await createCatalog({ definitions: corpus.tools, namespaces });
const disclosure = createDisclosure({
  catalog,
  mode: 'namespaces',
  environment: {},
  onWarning: () => {},
});
const entries = searchableEntries(disclosure);
const queries = [
  ...corpus.intents.map((intent) => intent.query),
  'send an email',
  'gmail.send_message',
  'hail a taxi',
  'refund a charge. Also post a message to the team channel',
];

/** A snapshot as a cold start reads it: written as JSON text and parsed. */
async function writtenSnapshot(cache = createSizedCache(2 ** 30)) {
  const snapshot = await createSearchIndexSnapshot(
    disclosure.authorized,
    createOramaRanker(),
    entries,
    cache,
  );
  return JSON.parse(JSON.stringify(snapshot)) as typeof snapshot;
}

describe('createSearchIndexSnapshot', () => {
  it('loads into an index that ranks every query exactly as a built one, scores and tool_search bytes included', async () => {
    const snapshot = await writtenSnapshot();
    const built = await getSearchIndex(
      disclosure.authorized,
      createOramaRanker(),
      entries,
      createSizedCache(2 ** 30),
    );
    let builds = 0;
    const loaded = await getSearchIndex(
      disclosure.authorized,
      createOramaRanker(),
      entries,
      createSizedCache(2 ** 30),
      () => builds++,
      snapshot,
    );
    expect(loaded).not.toBe(built);
    expect(builds).toBe(1);
    let nonEmpty = 0;
    for (const query of queries) {
      const expected = await built.search(query, 20);
      const actual = await loaded.search(query, 20);
      expect(actual.map(({ entry, score }) => [entry.id, score])).toEqual(
        expected.map(({ entry, score }) => [entry.id, score]),
      );
      if (expected.length > 0) nonEmpty++;
      const response = (index: typeof built) =>
        runToolSearch({ disclosure, index, query, limit: 10 }).then((found) =>
          JSON.stringify(found),
        );
      expect(await response(loaded)).toBe(await response(built));
    }
    expect(nonEmpty).toBeGreaterThan(queries.length / 2);
  });

  it('is byte-stable: an index loaded from a snapshot snapshots to the same JSON', async () => {
    const snapshot = await writtenSnapshot();
    const cache = createSizedCache(2 ** 30);
    await getSearchIndex(
      disclosure.authorized,
      createOramaRanker(),
      entries,
      cache,
      undefined,
      snapshot,
    );
    const again = await createSearchIndexSnapshot(
      disclosure.authorized,
      createOramaRanker(),
      entries,
      cache,
    );
    expect(JSON.stringify(again)).toBe(JSON.stringify(snapshot));
  });

  it('primes the cache under the catalog content key, so later requests neither build nor load', async () => {
    const snapshot = await writtenSnapshot();
    const cache = createSizedCache(2 ** 30);
    const loaded = await getSearchIndex(
      disclosure.authorized,
      createOramaRanker(),
      entries,
      cache,
      undefined,
      snapshot,
    );
    let builds = 0;
    const later = await getSearchIndex(
      disclosure.authorized,
      createOramaRanker(),
      entries,
      cache,
      () => builds++,
    );
    expect(later).toBe(loaded);
    expect(builds).toBe(0);
  });

  it('builds instead of a snapshot of another catalog, another tool set, another ranker or no snapshot at all, telling why', async () => {
    const snapshot = await writtenSnapshot();
    const other = await createCatalog({
      definitions: corpus.tools.slice(1),
      namespaces,
    });
    /** Which header field `getSearchIndex` reported, after building an index that ranks as a fresh one. */
    const unused = async (
      authorized: typeof disclosure.authorized,
      ranker: Ranker,
      searched: readonly CatalogEntry[],
      given: unknown,
    ): Promise<SearchIndexSnapshotMismatchError['field'] | undefined> => {
      const problems: unknown[] = [];
      let builds = 0;
      const index = await getSearchIndex(
        authorized,
        ranker,
        searched,
        createSizedCache(2 ** 30),
        () => builds++,
        given as typeof snapshot,
        (problem) => problems.push(problem),
      );
      expect(builds).toBe(1);
      expect(problems).toHaveLength(1);
      expect(SearchIndexSnapshotMismatchError.isInstance(problems[0])).toBe(true);
      const fresh = await ranker.createIndex(searched);
      expect(await index.search('send an email', 10)).toEqual(
        await fresh.search('send an email', 10),
      );
      return (problems[0] as SearchIndexSnapshotMismatchError).field;
    };
    const otherAuthorized = authorizeCatalog(other);
    expect(
      await unused(otherAuthorized, createOramaRanker(), otherAuthorized.entries, snapshot),
    ).toBe('catalog');
    expect(
      await unused(disclosure.authorized, createOramaRanker(), entries.slice(1), snapshot),
    ).toBe('tools');
    expect(
      await unused(
        disclosure.authorized,
        createOramaRanker({ relevanceFloor: 0.5 }),
        entries,
        snapshot,
      ),
    ).toBe('ranker');
    expect(await unused(disclosure.authorized, createKeywordRanker(), entries, snapshot)).toBe(
      'ranker',
    );
    expect(
      await unused(disclosure.authorized, createOramaRanker(), entries, {
        ...snapshot,
        version: 2,
      }),
    ).toBe('version');
    expect(await unused(disclosure.authorized, createOramaRanker(), entries, null)).toBe('format');
    const nested = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(
      await unused(disclosure.authorized, createOramaRanker(), entries, {
        ...snapshot,
        catalog: nested,
      }),
    ).toBe('catalog');
  });

  it('builds instead of saved data that does not hold the same tools, telling where, and loads it no more', async () => {
    const snapshot = await writtenSnapshot();
    const index = snapshot.index as {
      orama: {
        internalDocumentIDStore: { internalIdToId: string[] };
        docs: { docs: Record<string, { id: string }> };
      };
    };
    // Renamed alike in the id list and the document: the saved data agrees with itself, not with the tools.
    const renamed = structuredClone(index);
    renamed.orama.internalDocumentIDStore.internalIdToId[0] = 'someone.else';
    (renamed.orama.docs.docs['1'] as { id: string }).id = 'someone.else';
    const damaged = { ...snapshot, index: renamed };
    const inner = createOramaRanker();
    let loads = 0;
    const ranker: Ranker = {
      ...inner,
      loadIndex: (data, tools) => {
        loads++;
        return (inner.loadIndex as NonNullable<Ranker['loadIndex']>)(data, tools);
      },
    };
    for (const attempt of [1, 2]) {
      const problems: unknown[] = [];
      const built = await getSearchIndex(
        disclosure.authorized,
        ranker,
        entries,
        createSizedCache(2 ** 30),
        undefined,
        damaged,
        (problem) => problems.push(problem),
      );
      expect(problems).toHaveLength(1);
      const problem = problems[0] as SearchIndexSnapshotDamagedError;
      expect(SearchIndexSnapshotDamagedError.isInstance(problem)).toBe(true);
      expect(problem).toMatchObject({
        path: 'index.orama.internalDocumentIDStore.internalIdToId.0',
        actual: '"someone.else"',
      });
      expect(problem.message).toMatch(/expected "[^"]+", the tools indexed by canonical id/);
      expect(await built.search('refund a charge', 5)).toEqual(
        await (await inner.createIndex(entries)).search('refund a charge', 5),
      );
      // The second time (attempt 2, a fresh cache), the snapshot is known to be damaged: not loaded again.
      expect({ attempt, loads }).toEqual({ attempt, loads: 1 });
    }
  });

  it("builds instead when a ranker of one's own cannot load its saved data, quoting what it threw", async () => {
    const keyword = createKeywordRanker();
    const thrown = new Error('the saved data is from another ranker version');
    const ranker: Ranker = {
      name: 'mine',
      createIndex: (tools) => keyword.createIndex(tools),
      saveIndex: () => ({ version: 2 }),
      loadIndex: async () => {
        throw thrown;
      },
    };
    const snapshot = await createSearchIndexSnapshot(disclosure.authorized, ranker, entries);
    const problems: SearchIndexSnapshotDamagedError[] = [];
    const index = await getSearchIndex(
      disclosure.authorized,
      ranker,
      entries,
      createSizedCache(2 ** 30),
      undefined,
      JSON.parse(JSON.stringify(snapshot)),
      (problem) => problems.push(problem as SearchIndexSnapshotDamagedError),
    );
    expect(await index.search('refund a charge', 3)).toEqual(
      await (await keyword.createIndex(entries)).search('refund a charge', 3),
    );
    expect(problems).toHaveLength(1);
    expect(SearchIndexSnapshotDamagedError.isInstance(problems[0])).toBe(true);
    expect(problems[0]?.path).toBe('index');
    expect(problems[0]?.message).toMatch(
      /its loadIndex threw the saved data is from another ranker/,
    );
    expect(problems[0]?.cause).toBe(thrown);
  });

  it('refuses to snapshot with a ranker that cannot save', async () => {
    await expect(
      createSearchIndexSnapshot(disclosure.authorized, createKeywordRanker(), entries),
    ).rejects.toBeInstanceOf(InvalidOptionError);
  });
});
