import type { WordVectorVocabulary } from '../vectors/word-vector-vocabulary.js';
import type { WordVectors } from '../vectors/word-vectors.js';
import type { DocumentTerms } from './create-document-terms.js';
import type { RankingParameters } from './ranking-parameters.js';

/**
 * The catalog's own terms nearest to a word no tool uses, by word vectors;
 * none for a word the table lacks. Common words are looked up too: a request
 * no tool shares a word with is read through them only as weak evidence, and
 * leaving out the 1,500 commonest ("hour", "show") left 88 of ToolE's 20,614
 * single-tool requests with nothing where looking them up leaves 23. The
 * `nearestWords` nearest at a cosine of `nearestSimilarity` or more count. The
 * vocabulary's matrix is built on first use; each of the table's words is
 * looked up once per index (at most the table's 26,739 terms are remembered).
 */
export function nearestCatalogWords(
  wordVectors: WordVectors,
  documentTerms: DocumentTerms,
  {
    nearestWords,
    nearestSimilarity,
  }: Pick<RankingParameters, 'nearestWords' | 'nearestSimilarity'>,
): (term: string) => readonly string[] {
  let vocabulary: WordVectorVocabulary | undefined;
  const nearest = new Map<string, readonly string[]>();
  return (term) => {
    // Only the table's words are remembered, so a model's made-up words cannot grow the memo.
    if (documentTerms.documentFrequency(term) > 0 || !wordVectors.has(term)) return [];
    let neighbours = nearest.get(term);
    if (neighbours === undefined) {
      vocabulary ??= wordVectors.vocabulary(new Set(documentTerms.terms));
      neighbours = vocabulary
        .nearest(term, { k: nearestWords, minSimilarity: nearestSimilarity })
        .map(({ term: neighbour }) => neighbour);
      nearest.set(term, neighbours);
    }
    return neighbours;
  };
}
