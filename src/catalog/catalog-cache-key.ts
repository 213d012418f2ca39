import { contentDigest } from '../util/content-digest.js';
import type { AuthorizedCatalog } from './authorized-catalog.js';
import type { Catalog } from './catalog.js';

const contentKeys = new WeakMap<Catalog, string>();
const cacheKeys = new WeakMap<AuthorizedCatalog, string>();

/**
 * Records the content key `catalog` was built under: a key that covers
 * everything the catalog is built from (the wrapper's key of a request's
 * tools, options and contexts), so equal keys mean equal catalogs.
 */
export function setCatalogContentKey(catalog: Catalog, key: string): void {
  contentKeys.set(catalog, key);
}

/**
 * What caches of things built from an authorized catalog (search indexes) are
 * keyed by: the SHA-256 of the content key its catalog was built under, with
 * the authorized ids when a policy removed some; else its fingerprint. Equal
 * keys mean equal authorized tools either way, and a cold request keyed by its
 * content key never serializes every entry for a fingerprint. Computed once
 * per authorized catalog.
 *
 * @example
 * const key = JSON.stringify(['index', ranker.name, catalogCacheKey(disclosure.authorized)]);
 */
export function catalogCacheKey(authorized: AuthorizedCatalog): string {
  let key = cacheKeys.get(authorized);
  if (key === undefined) {
    const contentKey = contentKeys.get(authorized.catalog);
    if (contentKey === undefined) key = authorized.fingerprint;
    else {
      const ids =
        authorized.entries.length === authorized.catalog.entries.length
          ? ''
          : `\n${authorized.entries.map((entry) => entry.id).join('\n')}`;
      key = `content:${contentDigest(`${contentKey}${ids}`)}`;
    }
    cacheKeys.set(authorized, key);
  }
  return key;
}
