import { compareByteOrder } from './compare-byte-order.js';

/** A UTF-16 surrogate code unit: where code unit order and code point order part. */
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * A comparison that orders `texts` (and any strings drawn from them) as
 * `compareByteOrder` does. Without surrogates, code unit order is code point
 * order, so it is the engine's native string comparison (a third of the cost
 * of sorting a catalog's ids); otherwise it is `compareByteOrder` itself.
 *
 * @example
 * const compare = createByteOrderComparator(entries.map((entry) => entry.id));
 * entries.sort((left, right) => compare(left.id, right.id));
 */
export function createByteOrderComparator(
  texts: Iterable<string>,
): (left: string, right: string) => number {
  for (const text of texts) if (SURROGATE.test(text)) return compareByteOrder;
  return compareCodeUnits;
}

function compareCodeUnits(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
