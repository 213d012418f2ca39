import type { SizedCache } from '../cache/create-sized-cache.js';
import { getDefaultToolDisclosureCache } from '../cache/tool-disclosure-cache.js';
import type { AuthorizedCatalog } from '../catalog/authorized-catalog.js';
import { catalogCacheKey } from '../catalog/catalog-cache-key.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { jsonByteLength } from '../util/json-byte-length.js';
import { stableHash } from '../util/stable-hash.js';
import { utf8ByteLength } from '../util/utf8-byte-length.js';
import type { Ranker, SearchIndex } from './ranker.js';

/**
 * Heap bytes an index holds per byte of indexed text, and per tool: measured
 * with the default ranker (about 3.7 KB per tool of the 10,000-tool bench
 * catalog, whose tools carry about 400 bytes of text each).
 */
const INDEX_BYTES_PER_TEXT_BYTE = 6;
const INDEX_BYTES_PER_TOOL = 1_500;

/**
 * The index of `ranker` over `entries` (by default every authorized tool),
 * built once and reused: by later steps, by later runs with the same catalog
 * and policy, and by warm serverless invocations that rebuild an equal catalog.
 * Concurrent calls for one key share one build; a failed build is not kept, so
 * the next call retries. Indexes are kept in `cache` (by default the shared
 * `ToolDisclosureCache`), least recently used dropped first, within its byte
 * budget by an estimate of each index's size. `onBuilt` hears of each build
 * (the tools indexed and the milliseconds it took), not of cache hits.
 *
 * The cache key is the ranker's name, the authorized catalog's cache key
 * (`catalogCacheKey`: the content key the wrapper read its tools under, else
 * its fingerprint, which covers every authorized tool's names, description,
 * schemas, aliases and tiers) and, when `entries` is a strict subset, a hash of its canonical
 * ids: so the key covers exactly the set that is indexed, and denied tools are
 * never in it. `entries` must come from `authorized.entries` (for
 * `tool_search`, pass `searchableEntries(disclosure)`); the ranker receives
 * them in the authorized catalog's order, whatever order they are given in.
 *
 * Two rankers with the same `name` must rank identically: a ranker configured
 * differently needs a different name. A cached index may hold entry objects
 * of an earlier, equal catalog; map results back by canonical id before using
 * anything the key does not cover, such as `entry.tool` (`runToolSearch` does).
 *
 * @example
 * const index = await getSearchIndex(disclosure.authorized, createOramaRanker(), disclosure.discoverable);
 * const results = await index.search('send an email', 10);
 */
export function getSearchIndex(
  authorized: AuthorizedCatalog,
  ranker: Ranker,
  entries: readonly CatalogEntry[] = authorized.entries,
  cache: SizedCache = getDefaultToolDisclosureCache(),
  onBuilt?: (tools: number, ms: number) => void,
): Promise<SearchIndex> {
  const { selected, subset } = indexedSet(authorized, entries);
  const key = JSON.stringify(['index', ranker.name, catalogCacheKey(authorized), subset]);

  const cached = cache.get(key) as Promise<SearchIndex> | undefined;
  if (cached !== undefined) return cached;
  const started = globalThis.performance?.now() ?? Date.now();
  const building = Promise.resolve()
    .then(() => ranker.createIndex(selected))
    .then((index) => {
      onBuilt?.(selected.length, (globalThis.performance?.now() ?? Date.now()) - started);
      return index;
    })
    .catch((error: unknown) => {
      if (cache.get(key) === building) cache.delete(key);
      throw error;
    });
  cache.set(key, building, estimateIndexBytes(selected));
  return building;
}

/** Empties the default cache (indexes and catalogs), so the next request builds again. Meant for tests. */
export function clearSearchIndexCache(): void {
  getDefaultToolDisclosureCache().clear();
}

/** An estimate of the heap an index over `entries` holds. */
export function estimateIndexBytes(entries: readonly CatalogEntry[]): number {
  let text = 0;
  for (const entry of entries) {
    text += utf8ByteLength(entry.description) + utf8ByteLength(entry.id) * 3;
    text += jsonByteLength(entry.parameters);
  }
  return text * INDEX_BYTES_PER_TEXT_BYTE + entries.length * INDEX_BYTES_PER_TOOL;
}

/**
 * The entries an index over `entries` holds (in the authorized catalog's
 * order) and the part of its cache key naming them: `*` for every authorized
 * tool, else a hash of their canonical ids.
 */
export function indexedSet(
  authorized: AuthorizedCatalog,
  entries: readonly CatalogEntry[],
): { selected: readonly CatalogEntry[]; subset: string } {
  const selected = selectEntries(authorized, entries);
  const subset =
    selected.length === authorized.entries.length
      ? '*'
      : stableHash(selected.map((entry) => entry.id).join('\n'));
  return { selected, subset };
}

/** `entries` in the authorized catalog's order, without duplicates; any other entry is an error. */
function selectEntries(
  authorized: AuthorizedCatalog,
  entries: readonly CatalogEntry[],
): readonly CatalogEntry[] {
  if (entries === authorized.entries) return entries;
  // Most are a part of the catalog in its order (`searchableEntries`): walked side by side, with
  // no set of every tool made and looked up (twice a cold request that searches).
  let found = 0;
  for (const entry of authorized.entries) if (entry === entries[found]) found++;
  if (found === entries.length) return [...entries];
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
