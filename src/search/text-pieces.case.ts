/**
 * Pieces that texts for analysis tests are made of: plain words, stop words,
 * identifiers in every casing, digits, non-ASCII letters, CJK, emoji and the
 * separators between them.
 */
export const TEXT_PIECES: readonly string[] = [
  'send',
  'mail',
  'the',
  'and',
  'events',
  'Mail',
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
