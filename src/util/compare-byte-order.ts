/**
 * Compares two strings by the byte order of their UTF-8 encodings, which is
 * code point order. JavaScript's `<` compares UTF-16 code units, which orders
 * characters above U+FFFF differently.
 */
export function compareByteOrder(left: string, right: string): number {
  if (left === right) return 0;
  // Catalogs sort ids with long shared prefixes: find the first differing code unit cheaply.
  const length = Math.min(left.length, right.length);
  let index = 0;
  while (index < length && left.charCodeAt(index) === right.charCodeAt(index)) index++;
  if (index === length) return left.length < right.length ? -1 : 1;
  const a = left.charCodeAt(index);
  const b = right.charCodeAt(index);
  // Two code units outside the surrogate range are the code points there, whatever came before.
  if (!isSurrogate(a) && !isSurrogate(b)) return a < b ? -1 : 1;
  return compareCodePoints(left, right);
}

function isSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdfff;
}

/** Code point by code point, a lone surrogate counting as its own value. */
function compareCodePoints(left: string, right: string): number {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index++) {
    const a = left.codePointAt(index) as number;
    const b = right.codePointAt(index) as number;
    if (a !== b) return a < b ? -1 : 1;
    if (a > 0xffff) index++;
  }
  return left.length < right.length ? -1 : left.length > right.length ? 1 : 0;
}
