import { InvalidWordVectorsError } from './invalid-word-vectors-error.js';
import { parseWordVectors } from './parse-word-vectors.js';
import type { WordVectors } from './word-vectors.js';

/** The table shipped with the package: data/ sits two folders up from both src/vectors and dist/vectors. */
const tableUrl = new URL('../../data/word-vectors.bin', import.meta.url);

let loading: Promise<WordVectors> | undefined;

/**
 * The word-vector table shipped with the package (data/word-vectors.bin, about 2.9 MB: 26,739
 * terms of 100-d GloVe vectors), read once and cached for the process. Node only: it reads the
 * file with `node:fs/promises`, imported on the first call so that importing this module needs
 * no Node built-in. Elsewhere, fetch the file and call `parseWordVectors`. A missing or damaged
 * file is an `InvalidWordVectorsError`, and the next call tries again.
 *
 * @example
 * const wordVectors = await loadWordVectors();
 * wordVectors.similarity('pictur', 'imag'); // 0.65: the terms are analyzed (stemmed) words
 */
export function loadWordVectors(): Promise<WordVectors> {
  loading ??= readTable().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function readTable(): Promise<WordVectors> {
  const { readFile } = await import('node:fs/promises');
  let bytes: Uint8Array;
  try {
    bytes = await readFile(tableUrl);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InvalidWordVectorsError({
      problem: 'unreadable',
      expected: `a file at ${tableUrl.href}`,
      actual: code === 'ENOENT' ? 'no such file' : `an error reading it (${code ?? String(error)})`,
      cause: error,
    });
  }
  return parseWordVectors(bytes);
}
