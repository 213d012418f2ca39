import type { SizedCache } from '../cache/create-sized-cache.js';
import { getDefaultToolDisclosureCache } from '../cache/tool-disclosure-cache.js';
import type { AuthorizedCatalog } from '../catalog/authorized-catalog.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { SearchIndexSnapshotMismatchError } from '../error/search-index-snapshot-mismatch-error.js';
import { getSearchIndex, indexedSet } from './get-search-index.js';
import type { Ranker, SearchIndex } from './ranker.js';

/** The `format` of every search index snapshot. */
const snapshotFormat = 'tool-disclosure.search-index';

/** The version of the snapshot layout this package writes and reads. */
const snapshotVersion = 1;

/**
 * A prebuilt search index as plain JSON data: the ranker's saved index and
 * what it was built over, so it is only ever loaded for that catalog.
 */
export interface SearchIndexSnapshot {
  readonly format: typeof snapshotFormat;
  readonly version: typeof snapshotVersion;
  /** The ranker's name. */
  readonly ranker: string;
  /** The authorized catalog's fingerprint. */
  readonly catalog: string;
  /** `*` for every authorized tool, else a hash of the indexed tools' canonical ids. */
  readonly tools: string;
  /** The ranker's saved index (`Ranker.saveIndex`). */
  readonly index: unknown;
}

/**
 * A snapshot of the index `getSearchIndex` serves for these arguments (built,
 * or taken from `cache`), to write out at build time and pass to
 * `getSearchIndex` (or the wrapper's `searchIndex` option) at a cold start:
 * loading it skips analyzing the tools and building Orama's tree.
 *
 * @throws InvalidOptionError when the ranker cannot save its indexes.
 *
 * @example
 * const snapshot = await createSearchIndexSnapshot(disclosure.authorized, RANKERS.default());
 * await writeFile('search-index.json', JSON.stringify(snapshot));
 */
export async function createSearchIndexSnapshot(
  authorized: AuthorizedCatalog,
  ranker: Ranker,
  entries: readonly CatalogEntry[] = authorized.entries,
  cache: SizedCache = getDefaultToolDisclosureCache(),
): Promise<SearchIndexSnapshot> {
  if (ranker.saveIndex === undefined || ranker.loadIndex === undefined) {
    throw new InvalidOptionError({
      option: 'ranker',
      value: ranker.name,
      expected: 'a ranker with saveIndex and loadIndex, such as RANKERS.default()',
    });
  }
  const { subset } = indexedSet(authorized, entries);
  const index: SearchIndex = await getSearchIndex(authorized, ranker, entries, cache);
  return {
    format: snapshotFormat,
    version: snapshotVersion,
    ranker: ranker.name,
    catalog: authorized.fingerprint,
    tools: subset,
    index: ranker.saveIndex(index),
  };
}

/**
 * Why `snapshot` cannot serve as the index of `ranker` over the tools named
 * by `subset` of the catalog with `fingerprint`; undefined when it can.
 */
export function snapshotMismatch(
  snapshot: unknown,
  ranker: Ranker,
  fingerprint: string,
  subset: string,
): SearchIndexSnapshotMismatchError | undefined {
  if (ranker.loadIndex === undefined) {
    return new SearchIndexSnapshotMismatchError({
      field: 'ranker',
      expected: `a ranker that loads snapshots (${ranker.name} does not)`,
      actual: (snapshot as { ranker?: unknown } | null)?.ranker,
    });
  }
  const value = (snapshot ?? {}) as Partial<Record<keyof SearchIndexSnapshot, unknown>>;
  const checks: [SearchIndexSnapshotMismatchError['field'], unknown, string][] = [
    ['format', value.format, snapshotFormat],
    ['version', value.version, String(snapshotVersion)],
    ['ranker', value.ranker, ranker.name],
    ['catalog', value.catalog, fingerprint],
    ['tools', value.tools, subset],
  ];
  for (const [field, actual, expected] of checks) {
    if (String(actual) !== expected || typeof actual === 'object') {
      return new SearchIndexSnapshotMismatchError({ field, expected, actual });
    }
  }
  return undefined;
}
