import { WireNameCollisionError } from '../error/wire-name-collision-error.js';
import { compareByteOrder } from '../util/compare-byte-order.js';
import type { CatalogEntry } from './catalog-entry.js';

/**
 * Throws `WireNameCollisionError` naming the first two entries that share a name.
 *
 * @param sorted Whether the entries are sorted by the name, so that entries sharing
 * one are neighbours: they are compared in pairs, with no table of every name. @default false
 */
export function assertUnique(
  entries: readonly CatalogEntry[],
  nameOf: (entry: CatalogEntry) => string,
  sorted = false,
) {
  if (sorted) {
    for (let index = 1; index < entries.length; index++) {
      const previous = entries[index - 1] as CatalogEntry;
      const entry = entries[index] as CatalogEntry;
      if (nameOf(previous) === nameOf(entry)) throw collision(nameOf(entry), previous, entry);
    }
    return;
  }
  const seen = new Map<string, CatalogEntry>();
  for (const entry of entries) {
    const name = nameOf(entry);
    const previous = seen.get(name);
    if (previous) throw collision(name, previous, entry);
    seen.set(name, entry);
  }
}

function collision(name: string, previous: CatalogEntry, entry: CatalogEntry) {
  // Keys alone may be equal (two definitions with one name); canonical ids tell them apart.
  const labels = previous.key === entry.key ? [previous.id, entry.id] : [previous.key, entry.key];
  const pair = labels.sort(compareByteOrder) as [string, string];
  return new WireNameCollisionError({ collidingName: name, tools: pair });
}
