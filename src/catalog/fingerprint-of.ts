import { contentDigest } from '../util/content-digest.js';
import type { NamespaceInfo } from './catalog.js';
import type { CatalogEntry } from './catalog-entry.js';

/** A digest of everything a catalog's entries and namespaces are made of, so equal catalogs share it. */
export function fingerprintOf(
  entries: readonly CatalogEntry[],
  namespaces: readonly NamespaceInfo[],
) {
  return contentDigest(
    JSON.stringify([
      entries.map((entry) => [
        entry.id,
        entry.wireName,
        entry.key,
        entry.kind,
        entry.core,
        entry.position,
        entry.description,
        entry.parameters,
        entry.outputSchema ?? null,
        entry.aliases,
        entry.tags,
        entry.annotations ?? null,
      ]),
      namespaces,
    ]),
  );
}
