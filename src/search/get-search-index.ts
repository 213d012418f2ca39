import type { AuthorizedCatalog } from '../catalog/authorized-catalog.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { stableHash } from '../util/stable-hash.js';
import { trimToSize } from '../util/trim-to-size.js';
import type { Ranker, SearchIndex } from './ranker.js';

/** How many indexes stay cached; the least recently used one is dropped first. */
export const SEARCH_INDEX_CACHE_SIZE = 16;

/** Built or building indexes by cache key, least recently used first (Map order). */
const cache = new Map<string, Promise<SearchIndex>>();

/**
 * The index of `ranker` over `entries` (by default every authorized tool),
 * built once and reused: by later steps, by later runs with the same catalog
 * and policy, and by warm serverless invocations that rebuild an equal catalog.
 * Concurrent calls for one key share one build; a failed build is not kept, so
 * the next call retries. The 16 most recently used indexes are kept.
 *
 * The cache key is the ranker's name, the authorized catalog's fingerprint
 * (which covers every authorized tool's names, description, schemas, aliases
 * and tiers) and, when `entries` is a strict subset, a hash of its canonical
 * ids: so the key covers exactly the set that is indexed, and denied tools are
 * never in it. `entries` must come from `authorized.entries` (for
 * `tool_search`, pass `searchableEntries(disclosure)`); the ranker receives
 * them in the authorized catalog's order, whatever order they are given in.
 *
 * Two rankers with the same `name` must rank identically: a ranker configured
 * differently needs a different name. A cached index may hold entry objects
 * of an earlier, equal catalog; map results back by canonical id before using
 * anything outside the fingerprint, such as `entry.tool` (`runToolSearch` does).
 *
 * @example
 * const index = await getSearchIndex(disclosure.authorized, RANKERS.default(), disclosure.discoverable);
 * const results = await index.search('send an email', 10);
 */
export function getSearchIndex(
  authorized: AuthorizedCatalog,
  ranker: Ranker,
  entries: readonly CatalogEntry[] = authorized.entries,
): Promise<SearchIndex> {
  const selected = selectEntries(authorized, entries);
  const subset =
    selected.length === authorized.entries.length
      ? '*'
      : stableHash(selected.map((entry) => entry.id).join('\n'));
  const key = JSON.stringify([ranker.name, authorized.fingerprint, subset]);

  const cached = cache.get(key);
  if (cached !== undefined) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const building = Promise.resolve()
    .then(() => ranker.createIndex(selected))
    .catch((error: unknown) => {
      if (cache.get(key) === building) cache.delete(key);
      throw error;
    });
  cache.set(key, building);
  trimToSize(cache, SEARCH_INDEX_CACHE_SIZE);
  return building;
}

/** Empties the index cache, so the next `getSearchIndex` builds again. Meant for tests. */
export function clearSearchIndexCache(): void {
  cache.clear();
}

/** `entries` in the authorized catalog's order, without duplicates; any other entry is an error. */
function selectEntries(
  authorized: AuthorizedCatalog,
  entries: readonly CatalogEntry[],
): readonly CatalogEntry[] {
  if (entries === authorized.entries) return entries;
  const wanted = new Set(entries);
  const selected = authorized.entries.filter((entry) => wanted.has(entry));
  if (selected.length !== wanted.size) {
    const stranger = entries.find((entry) => !authorized.entries.includes(entry));
    throw new InvalidOptionError({
      option: 'entries',
      value: stranger?.id,
      expected: 'entries of the authorized catalog (for example disclosure.discoverable)',
    });
  }
  return selected;
}
