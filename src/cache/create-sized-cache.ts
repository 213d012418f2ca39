import { InvalidOptionError } from '../error/invalid-option-error.js';

/** A least-recently-used cache bounded by an estimate of the bytes its values hold. */
export interface SizedCache {
  /** The most bytes the values may hold together. */
  readonly maxBytes: number;
  /** The bytes the values hold now, by their estimates. */
  readonly bytes: number;
  /** The value of `key`, which becomes the most recently used; undefined when absent. */
  get(key: string): unknown;
  /**
   * Keeps `value` under `key` as the most recently used, then drops the least
   * recently used values until the total is within `maxBytes`. A value larger
   * than `maxBytes` alone is not kept.
   */
  set(key: string, value: unknown, bytes: number): void;
  delete(key: string): void;
  /** Drops every value. */
  clear(): void;
}

/**
 * Creates an empty `SizedCache`.
 *
 * @throws InvalidOptionError when `maxBytes` is not an integer of at least 0.
 *
 * @example
 * const cache = createSizedCache(64 * 2 ** 20);
 * cache.set('index:abc', index, 2_000_000);
 */
export function createSizedCache(maxBytes: number): SizedCache {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
    throw new InvalidOptionError({
      option: 'maxBytes',
      value: maxBytes,
      expected: `an integer from 0 to ${Number.MAX_SAFE_INTEGER} (bytes; 0 keeps nothing)`,
    });
  }
  // Map order is insertion order: re-inserting on use keeps the least recently used first.
  const values = new Map<string, { value: unknown; bytes: number }>();
  let total = 0;

  const remove = (key: string) => {
    const found = values.get(key);
    if (found === undefined) return;
    values.delete(key);
    total -= found.bytes;
  };

  return {
    maxBytes,
    get bytes() {
      return total;
    },
    get(key) {
      const found = values.get(key);
      if (found === undefined) return undefined;
      values.delete(key);
      values.set(key, found);
      return found.value;
    },
    set(key, value, bytes) {
      remove(key);
      const size = Math.max(0, Math.ceil(bytes));
      if (size > maxBytes) return;
      values.set(key, { value, bytes: size });
      total += size;
      for (const oldest of values.keys()) {
        if (total <= maxBytes) break;
        remove(oldest);
      }
    },
    delete: remove,
    clear() {
      values.clear();
      total = 0;
    },
  };
}
