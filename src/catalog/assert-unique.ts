import { WireNameCollisionError } from '../error/wire-name-collision-error.js';
import { compareByteOrder } from '../util/compare-byte-order.js';
import type { CatalogEntry } from './catalog-entry.js';

/** Throws `WireNameCollisionError` naming the first two entries that share a name. */
export function assertUnique(
  entries: readonly CatalogEntry[],
  nameOf: (entry: CatalogEntry) => string,
) {
  const seen = new Map<string, CatalogEntry>();
  for (const entry of entries) {
    const name = nameOf(entry);
    const previous = seen.get(name);
    if (previous) {
      // Keys alone may be equal (two definitions with one name); canonical ids tell them apart.
      const labels =
        previous.key === entry.key ? [previous.id, entry.id] : [previous.key, entry.key];
      const pair = labels.sort(compareByteOrder) as [string, string];
      throw new WireNameCollisionError({ collidingName: name, tools: pair });
    }
    seen.set(name, entry);
  }
}
