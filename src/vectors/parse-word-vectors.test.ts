import { describe, expect, it } from 'vitest';
import { InvalidWordVectorsError } from '../error/invalid-word-vectors-error.js';
import { parseWordVectors, WORD_VECTORS_FORMAT_VERSION } from './parse-word-vectors.js';

/** A table in the shipped format, written here as scripts/build-word-vectors.mjs writes it. */
function encodeTable(
  rows: [string, number[]][],
  { magic = 'TDWV', version = WORD_VECTORS_FORMAT_VERSION } = {},
): Uint8Array {
  const dimension = rows[0]?.[1].length ?? 0;
  const terms = new TextEncoder().encode(rows.map(([term]) => `${term}\n`).join(''));
  const bytes = new Uint8Array(16 + terms.byteLength + rows.length * dimension);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(magic), 0);
  view.setUint16(4, version, true);
  view.setUint16(6, dimension, true);
  view.setUint32(8, rows.length, true);
  view.setUint32(12, terms.byteLength, true);
  bytes.set(terms, 16);
  rows.forEach(([, vector], row) => {
    bytes.set(
      Int8Array.from(vector) as unknown as Uint8Array,
      16 + terms.byteLength + row * dimension,
    );
  });
  return bytes;
}

const table = encodeTable([
  ['imag', [100, 20, 0]],
  ['pictur', [90, 40, 0]],
  ['invoic', [0, -10, 127]],
]);

function parseError(bytes: Uint8Array): InvalidWordVectorsError {
  try {
    parseWordVectors(bytes);
  } catch (error) {
    if (InvalidWordVectorsError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('parsed');
}

describe('parseWordVectors', () => {
  it('reads the terms in order and normalises each int8 vector', () => {
    const wordVectors = parseWordVectors(table);
    expect(wordVectors.dimension).toBe(3);
    expect(wordVectors.size).toBe(3);
    expect(wordVectors.rank('pictur')).toBe(1);
    const [x, y, z] = wordVectors.vector('imag') ?? [];
    expect(x).toBeCloseTo(100 / Math.hypot(100, 20), 6);
    expect(y).toBeCloseTo(20 / Math.hypot(100, 20), 6);
    expect(z).toBe(0);
    expect(wordVectors.similarity('imag', 'imag')).toBeCloseTo(1, 6);
    expect(wordVectors.similarity('imag', 'pictur')).toBeGreaterThan(0.9);
    expect(wordVectors.similarity('imag', 'invoic')).toBeLessThan(0);
  });

  it('reads a table that is a view into a larger buffer', () => {
    const padded = new Uint8Array(table.byteLength + 10);
    padded.set(table, 5);
    expect(parseWordVectors(padded.subarray(5, 5 + table.byteLength)).has('invoic')).toBe(true);
  });

  it('answers undefined and nothing for terms the table lacks', () => {
    const wordVectors = parseWordVectors(table);
    expect(wordVectors.has('toString')).toBe(false);
    expect(wordVectors.vector('__proto__')).toBeUndefined();
    expect(wordVectors.rank('constructor')).toBeUndefined();
    expect(wordVectors.similarity('imag', 'banana')).toBeUndefined();
  });

  it('hands out copies, so a caller cannot change the table', () => {
    const wordVectors = parseWordVectors(table);
    (wordVectors.vector('imag') as Float32Array).fill(0);
    expect(wordVectors.similarity('imag', 'pictur')).toBeGreaterThan(0.9);
  });

  it.each([
    ['size', table.subarray(0, 10)],
    ['magic', encodeTable([['imag', [1]]], { magic: 'GLOV' })],
    ['version', encodeTable([['imag', [1]]], { version: 2 })],
    ['size', table.subarray(0, table.byteLength - 1)],
    [
      'terms',
      encodeTable([
        ['imag', [1]],
        ['imag', [2]],
      ]),
    ],
    [
      'terms',
      encodeTable([
        ['imag', [1]],
        ['', [2]],
      ]),
    ],
  ] as const)('rejects a %s problem with an InvalidWordVectorsError', (problem, bytes) => {
    const error = parseError(bytes);
    expect(error.problem).toBe(problem);
    expect(error.name).toBe('ToolDisclosureInvalidWordVectorsError');
    expect(error.message).toContain(
      `(${problem}): expected ${error.expected}, found ${error.actual}`,
    );
  });

  it('rejects terms that are not UTF-8', () => {
    const bytes = encodeTable([['imag', [1]]]);
    bytes[16] = 0xff;
    const error = parseError(bytes);
    expect(error.problem).toBe('terms');
    expect(error.actual).toBe('bytes that are not UTF-8');
  });

  it('names what the table should have held', () => {
    expect(parseError(encodeTable([['imag', [1]]], { version: 7 })).message).toMatchInlineSnapshot(
      `"Not a readable word-vector table (version): expected format version 1, found format version 7. Use the data/word-vectors.bin of the same tool-disclosure version as the code."`,
    );
  });
});
