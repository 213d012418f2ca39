import { compareByteOrder } from '../util/compare-byte-order.js';

/**
 * JSON text with every object's keys in byte order, at every depth, so the
 * same content gives the same text whatever order a server wrote its keys in.
 * `undefined` members are left out, as `JSON.stringify` leaves them out.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort(compareByteOrder)) {
    // defineProperty, not assignment: a key "__proto__" from a server stays data.
    Object.defineProperty(sorted, key, {
      value: sortKeys((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return sorted;
}
