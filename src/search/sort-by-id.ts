import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createByteOrderComparator } from '../util/create-byte-order-comparator.js';

/**
 * `entries` sorted by canonical id in byte order (`compareByteOrder`), as a
 * new array, with the engine's own string comparison where no id has a
 * surrogate (`createByteOrderComparator`): comparing code unit by code unit
 * in script cost about 125 ns a pair of ids with long shared prefixes.
 *
 * @example
 * sortById(entries).map((entry) => entry.id); // ['crm.find', 'crm.get', 'mail.send']
 */
export function sortById(entries: readonly CatalogEntry[]): CatalogEntry[] {
  const compare = createByteOrderComparator(entries.map((entry) => entry.id));
  return [...entries].sort((left, right) => compare(left.id, right.id));
}
