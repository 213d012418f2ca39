import { onceUntilRejected } from '../util/once-until-rejected.js';
import { parseWordVectors } from './parse-word-vectors.js';
import { readWordVectorsFile } from './read-word-vectors-file.js';
import type { WordVectors } from './word-vectors.js';

/**
 * The table shipped with the package: data/ sits two folders up from both src/vectors and
 * dist/vectors. Kept as this expression, which bundlers recognise: Turbopack copies the file and
 * rewrites the URL to the copy (see readWordVectorsFile for webpack).
 */
const tableUrl = new URL('../../data/word-vectors.bin', import.meta.url);

/**
 * The word-vector table shipped with the package (data/word-vectors.bin, about 2.9 MB: 26,739
 * terms of 100-d GloVe vectors), read once and cached for the process. Node only (22.3 or
 * later): it reads the file through `process.getBuiltinModule`, so importing this module needs no
 * Node built-in. Bundled by webpack (`next build --webpack`), it reads the file from the app's
 * `node_modules`. Elsewhere, fetch the file and call `parseWordVectors`. Another runtime, a
 * missing or a damaged file is an `InvalidWordVectorsError`, and the next call tries again.
 *
 * @example
 * const wordVectors = await loadWordVectors();
 * wordVectors.similarity('pictur', 'imag'); // 0.65: the terms are analyzed (stemmed) words
 */
export const loadWordVectors: () => Promise<WordVectors> = onceUntilRejected(async () =>
  parseWordVectors(await readWordVectorsFile({ url: tableUrl })),
);
