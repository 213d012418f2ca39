import { utf8ByteLength } from './utf8-byte-length.js';

const lengths = new WeakMap<object, number>();

/**
 * The UTF-8 byte length of `JSON.stringify(value)` (0 when that gives
 * nothing), remembered per object: the cache bounds of a cold request size
 * every schema more than once, and `readToolContent` serialized each tool's
 * already (`rememberJsonText`). A size estimate: an object changed in place
 * keeps the length it had when first measured.
 *
 * @example
 * jsonByteLength({ type: 'object' }); // 17
 */
export function jsonByteLength(value: unknown): number {
  if (!isObject(value)) return utf8ByteLength(JSON.stringify(value) ?? '');
  let length = lengths.get(value);
  if (length === undefined) {
    length = utf8ByteLength(JSON.stringify(value) ?? '');
    lengths.set(value, length);
  }
  return length;
}

/** Remembers the length of `json`, a serialization of `value` made anyway, for `jsonByteLength`. */
export function rememberJsonText(value: unknown, json: string): void {
  if (isObject(value)) lengths.set(value, utf8ByteLength(json));
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}
