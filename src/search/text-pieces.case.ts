import fc from 'fast-check';

/**
 * Pieces that texts for analysis tests are made of: plain words, stop words,
 * identifiers in every casing, digits, non-ASCII letters, CJK, emoji and the
 * separators between them.
 */
const TEXT_PIECES: readonly string[] = [
  'send',
  'mail',
  'the',
  'and',
  'events',
  'Mail',
  'API',
  'APIs',
  'URLs',
  'Returns',
  'A',
  'HTTPServer',
  'listEvents',
  'v2',
  '2fa',
  'YouTube',
  'I',
  'É',
  'ñandú',
  '数据',
  ' ',
  '_',
  '-',
  '.',
  "'",
  '\n',
  '😀',
];

/** Texts made of `TEXT_PIECES` and short arbitrary strings, for properties of analysis. */
export const textOfPieces: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.constantFrom(...TEXT_PIECES), fc.string({ maxLength: 6 })), { maxLength: 30 })
  .map((parts) => parts.join(''));

/** `count` distinct plain words, each its base-26 number in the letters a to z. */
export function distinctPlainWords(count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    index
      .toString(26)
      .replace(/./g, (digit) => String.fromCharCode(97 + Number.parseInt(digit, 26))),
  );
}

/** Numbers terms in order of first appearance, into `known`. */
export function numberInto(known: string[]): (term: string) => number {
  return (term) => {
    const found = known.indexOf(term);
    return found >= 0 ? found : known.push(term) - 1;
  };
}
