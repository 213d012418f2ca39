/**
 * A 32-bit hash of a string (MurmurHash3's mixing of its UTF-16 code units),
 * as a signed integer: for keeping many short strings (a tool's word forms) as
 * sorted numbers. Not a digest: two strings can share a hash, so use it only
 * where a rare false match is harmless or is checked against the strings.
 *
 * @example
 * hashText('planning') === hashText('planning'); // true
 */
export function hashText(text: string): number {
  let hash = 0x9747b28c;
  for (let index = 0; index < text.length; index++) {
    let code = Math.imul(text.charCodeAt(index), 0xcc9e2d51);
    code = Math.imul((code << 15) | (code >>> 17), 0x1b873593);
    hash ^= code;
    hash = Math.imul((hash << 13) | (hash >>> 19), 5) + 0xe6546b64;
  }
  hash ^= text.length;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return hash ^ (hash >>> 16);
}
