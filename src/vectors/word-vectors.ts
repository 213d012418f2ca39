import type { NearestWordsOptions, WordNeighbor } from './word-neighbor.js';
import { createWordVectorVocabulary, type WordVectorVocabulary } from './word-vector-vocabulary.js';

/**
 * A table of unit word vectors keyed by analyzed term (`analyzeText`: lower-cased, stop words
 * dropped, stemmed), so it is looked up with the very terms a search index holds.
 */
export interface WordVectors {
  /** The vectors' dimension. */
  readonly dimension: number;
  /** How many terms the table holds. */
  readonly size: number;
  /** True when the table holds `term`. */
  has(term: string): boolean;
  /** The term's unit vector (a copy), or undefined when the table does not hold it. */
  vector(term: string): Float32Array | undefined;
  /**
   * The term's frequency rank: 0 for the most frequent term of the source corpus, growing as
   * terms get rarer; undefined when the table does not hold it.
   */
  rank(term: string): number | undefined;
  /** The cosine similarity of two terms, or undefined when the table lacks either. */
  similarity(first: string, second: string): number | undefined;
  /**
   * The terms of `vocabulary` closest to `term`, most similar first (ties by term), the term
   * itself included when the vocabulary holds it. Finds the vocabulary's rows on every call:
   * for many queries against one vocabulary, do that once with `vocabulary()`.
   */
  nearest(
    term: string,
    vocabulary: Iterable<string>,
    options?: NearestWordsOptions,
  ): WordNeighbor[];
  /**
   * A vocabulary, its rows found once (for example from a catalog's analyzed terms), to find
   * the nearest of its terms to many query terms. Terms the table lacks are left out.
   */
  vocabulary(terms: Iterable<string>): WordVectorVocabulary;
}

/**
 * A table over `terms` and their unit vectors, row by row in `vectors`, in frequency order.
 * Internal: tables come from `parseWordVectors` or `loadWordVectors`.
 */
export function createWordVectors({
  terms,
  vectors,
  dimension,
}: {
  terms: readonly string[];
  vectors: Float32Array;
  dimension: number;
}): WordVectors {
  const rows = new Map<string, number>();
  terms.forEach((term, row) => {
    rows.set(term, row);
  });

  const wordVectors: WordVectors = {
    dimension,
    size: terms.length,
    has: (term) => rows.has(term),
    vector(term) {
      const row = rows.get(term);
      return row === undefined ? undefined : vectors.slice(row * dimension, (row + 1) * dimension);
    },
    rank: (term) => rows.get(term),
    similarity(first, second) {
      const a = rows.get(first);
      const b = rows.get(second);
      if (a === undefined || b === undefined) return undefined;
      let dot = 0;
      for (let i = 0; i < dimension; i++) {
        dot += (vectors[a * dimension + i] as number) * (vectors[b * dimension + i] as number);
      }
      return dot;
    },
    nearest: (term, vocabulary, options) =>
      wordVectors.vocabulary(vocabulary).nearest(term, options),
    vocabulary: (vocabularyTerms) =>
      createWordVectorVocabulary(vocabularyTerms, (term) => rows.get(term), vectors, dimension),
  };
  return wordVectors;
}
