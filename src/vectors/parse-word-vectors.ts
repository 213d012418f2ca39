import { InvalidWordVectorsError } from '../error/invalid-word-vectors-error.js';
import { createWordVectors, type WordVectors } from './word-vectors.js';

/** The format version this code reads (scripts/build-word-vectors.mjs writes it). */
export const WORD_VECTORS_FORMAT_VERSION = 1;

const magic = 'TDWV';
const headerBytes = 16;

/**
 * Reads a word-vector table (data/word-vectors.bin): a 16-byte header (magic "TDWV", format
 * version, dimension, term count, terms length), the terms in UTF-8 each ended by "\n", then one
 * int8 vector per term. Each vector is normalised as it is read, since the file does not store
 * the scale it was quantised with. A file of another format, version or length, or with damaged
 * terms, is an `InvalidWordVectorsError`.
 *
 * @example
 * const wordVectors = parseWordVectors(new Uint8Array(await (await fetch(url)).arrayBuffer()));
 */
export function parseWordVectors(bytes: Uint8Array): WordVectors {
  if (bytes.byteLength < headerBytes) {
    throw new InvalidWordVectorsError({
      problem: 'size',
      expected: `at least ${headerBytes} bytes`,
      actual: `${bytes.byteLength} bytes`,
    });
  }
  const found = String.fromCharCode(...bytes.subarray(0, 4));
  if (found !== magic) {
    throw new InvalidWordVectorsError({
      problem: 'magic',
      expected: JSON.stringify(magic),
      actual: JSON.stringify(found),
    });
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(4, true);
  if (version !== WORD_VECTORS_FORMAT_VERSION) {
    throw new InvalidWordVectorsError({
      problem: 'version',
      expected: `format version ${WORD_VECTORS_FORMAT_VERSION}`,
      actual: `format version ${version}`,
    });
  }
  const dimension = view.getUint16(6, true);
  const count = view.getUint32(8, true);
  const termsLength = view.getUint32(12, true);
  const expectedLength = headerBytes + termsLength + count * dimension;
  if (bytes.byteLength !== expectedLength || dimension === 0) {
    throw new InvalidWordVectorsError({
      problem: 'size',
      expected: `${expectedLength} bytes for ${count} terms of dimension ${dimension}`,
      actual: `${bytes.byteLength} bytes`,
    });
  }

  let termsText: string;
  try {
    termsText = new TextDecoder('utf-8', { fatal: true }).decode(
      bytes.subarray(headerBytes, headerBytes + termsLength),
    );
  } catch (cause) {
    throw new InvalidWordVectorsError({
      problem: 'terms',
      expected: 'terms in UTF-8',
      actual: 'bytes that are not UTF-8',
      cause,
    });
  }
  const terms = termsText.split('\n');
  // Every term ends with "\n", so the split leaves one empty string after the last.
  const last = terms.pop();
  const distinct = new Set(terms);
  if (last !== '' || terms.length !== count || distinct.size !== count || distinct.has('')) {
    throw new InvalidWordVectorsError({
      problem: 'terms',
      expected: `${count} distinct non-empty terms, each ended by a newline`,
      actual: `${terms.length} terms, ${distinct.size} distinct`,
    });
  }

  const quantised = new Int8Array(
    bytes.buffer,
    bytes.byteOffset + headerBytes + termsLength,
    count * dimension,
  );
  const vectors = new Float32Array(count * dimension);
  for (let row = 0; row < count; row++) {
    const offset = row * dimension;
    let norm = 0;
    for (let i = 0; i < dimension; i++) {
      const value = quantised[offset + i] as number;
      norm += value * value;
    }
    // An all-zero row (none is written) stays zero: similar to nothing rather than NaN.
    const scale = norm === 0 ? 0 : 1 / Math.sqrt(norm);
    for (let i = 0; i < dimension; i++) {
      vectors[offset + i] = (quantised[offset + i] as number) * scale;
    }
  }
  return createWordVectors({ terms, vectors, dimension });
}
