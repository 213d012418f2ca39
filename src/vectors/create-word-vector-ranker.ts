import { createOramaRanker, type OramaRankerOptions } from '../search/create-orama-ranker.js';
import type { Ranker } from '../search/ranker.js';
import { onceUntilRejected } from '../util/once-until-rejected.js';
import { loadWordVectors } from './load-word-vectors.js';
import type { WordVectors } from './word-vectors.js';

/**
 * The default ranker with word vectors read up front: a request no tool
 * shares a word with ("a studio apartment with a view") is read again through
 * the catalog's own words nearest to its words ("house", "rent"), and what
 * that finds is returned marked weak instead of nothing. The default ranker
 * does the same in Node, reading the package's table only when a request
 * first needs it; this one reads it on the first index build, with
 * `loadWordVectors()` (Node) unless `wordVectors` is given, and a failed read
 * fails that build.
 *
 * @example
 * import { createWordVectorRanker } from 'tool-disclosure/word-vectors';
 * const wrapped = withToolDisclosure({ model, tools, prompt }, { ranker: createWordVectorRanker() });
 */
export function createWordVectorRanker(
  // Always a table: `wordVectors: false` belongs to createOramaRanker alone.
  options: OramaRankerOptions & { wordVectors?: WordVectors } = {},
): Ranker {
  const ranker = onceUntilRejected(async () =>
    createOramaRanker({
      ...options,
      wordVectors: options.wordVectors ?? (await loadWordVectors()),
    }),
  );
  const lexical = createOramaRanker({ ...options, wordVectors: undefined });
  return {
    // The name createOramaRanker gives the same options with vectors, known before they load.
    name: `${lexical.name}+vectors`,
    createIndex: async (entries) => (await ranker()).createIndex(entries),
  };
}
