/**
 * Compares two strings by the byte order of their UTF-8 encodings, which is
 * code point order. JavaScript's `<` compares UTF-16 code units, which orders
 * characters above U+FFFF differently.
 */
export function compareByteOrder(left: string, right: string): number {
  if (left === right) return 0;
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index++) {
    const a = left.codePointAt(index) as number;
    const b = right.codePointAt(index) as number;
    if (a !== b) return a < b ? -1 : 1;
    if (a > 0xffff) index++;
  }
  return left.length < right.length ? -1 : left.length > right.length ? 1 : 0;
}
