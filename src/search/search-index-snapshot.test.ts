import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runToolSearch, searchableEntries } from '../bridge/run-tool-search.js';
import { createSizedCache } from '../cache/create-sized-cache.js';
import { authorizeCatalog } from '../catalog/authorize-catalog.js';
import { createCatalog } from '../catalog/create-catalog.js';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { SearchIndexSnapshotMismatchError } from '../error/search-index-snapshot-mismatch-error.js';
import { loadEvalCorpus } from '../eval/load-eval-corpus.js';
import { createOramaRanker } from './create-orama-ranker.js';
import { getSearchIndex } from './get-search-index.js';
import { createKeywordRanker } from './keyword-ranker.js';
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

  it('refuses a snapshot of another catalog, another tool set, another ranker or no snapshot at all', async () => {
    const snapshot = await writtenSnapshot();
    const other = await createCatalog({
      definitions: corpus.tools.slice(1),
      namespaces,
    });
    const refusal = (
      promise: Promise<unknown>,
    ): Promise<SearchIndexSnapshotMismatchError['field'] | undefined> =>
      promise.then(
        () => undefined,
        (error: unknown) => {
          expect(SearchIndexSnapshotMismatchError.isInstance(error)).toBe(true);
          return (error as SearchIndexSnapshotMismatchError).field;
        },
      );
    const cache = () => createSizedCache(2 ** 30);
    const otherAuthorized = authorizeCatalog(other);
    expect(
      await refusal(
        getSearchIndex(
          otherAuthorized,
          createOramaRanker(),
          otherAuthorized.entries,
          cache(),
          undefined,
          snapshot,
        ),
      ),
    ).toBe('catalog');
    expect(
      await refusal(
        getSearchIndex(
          disclosure.authorized,
          createOramaRanker(),
          entries.slice(1),
          cache(),
          undefined,
          snapshot,
        ),
      ),
    ).toBe('tools');
    expect(
      await refusal(
        getSearchIndex(
          disclosure.authorized,
          createOramaRanker({ relevanceFloor: 0.5 }),
          entries,
          cache(),
          undefined,
          snapshot,
        ),
      ),
    ).toBe('ranker');
    expect(
      await refusal(
        getSearchIndex(
          disclosure.authorized,
          createKeywordRanker(),
          entries,
          cache(),
          undefined,
          snapshot,
        ),
      ),
    ).toBe('ranker');
    expect(
      await refusal(
        getSearchIndex(disclosure.authorized, createOramaRanker(), entries, cache(), undefined, {
          ...snapshot,
          version: 2 as never,
        }),
      ),
    ).toBe('version');
    expect(
      await refusal(
        getSearchIndex(
          disclosure.authorized,
          createOramaRanker(),
          entries,
          cache(),
          undefined,
          null as never,
        ),
      ),
    ).toBe('format');
  });

  it('refuses saved data that does not hold the same tools, and rankers that cannot save', async () => {
    const snapshot = await writtenSnapshot();
    const index = snapshot.index as {
      orama: { internalDocumentIDStore: { internalIdToId: string[] } };
    };
    const renamed = structuredClone(index);
    renamed.orama.internalDocumentIDStore.internalIdToId[0] = 'someone.else';
    await expect(
      getSearchIndex(
        disclosure.authorized,
        createOramaRanker(),
        entries,
        createSizedCache(2 ** 30),
        undefined,
        {
          ...snapshot,
          index: renamed,
        },
      ),
    ).rejects.toBeInstanceOf(InvalidOptionError);
    await expect(
      createSearchIndexSnapshot(disclosure.authorized, createKeywordRanker(), entries),
    ).rejects.toBeInstanceOf(InvalidOptionError);
  });
});
