import type { NearestWordsOptions, WordNeighbor } from './word-neighbor.js';

/** The terms of one vocabulary (a catalog's, say), to find the nearest to a query term. */
export interface WordVectorVocabulary {
  /** The vocabulary's terms that the table holds, in the order first given. */
  readonly terms: readonly string[];
  /**
   * The vocabulary's terms closest to `term`, most similar first (ties by term), the term
   * itself included when the vocabulary holds it; empty when the table does not hold `term`.
   */
  nearest(term: string, options?: NearestWordsOptions): WordNeighbor[];
}

/**
 * The vocabulary of `terms` over a table's unit vectors (`vectors`, `dimension` numbers a row),
 * kept as the rows of the terms the table holds (`rowOf`), not a copy of them: a catalog's
 * vocabulary of 5,000 terms copied 2 MB of vectors into every search index that read it.
 */
export function createWordVectorVocabulary(
  terms: Iterable<string>,
  rowOf: (term: string) => number | undefined,
  vectors: Float32Array,
  dimension: number,
): WordVectorVocabulary {
  const known: string[] = [];
  const knownRows: number[] = [];
  const seen = new Set<string>();
  for (const term of terms) {
    if (seen.has(term)) continue;
    seen.add(term);
    const row = rowOf(term);
    if (row === undefined) continue;
    known.push(term);
    knownRows.push(row);
  }
  const rows = Int32Array.from(knownRows);

  return {
    terms: known,
    nearest(term, { k = 5, minSimilarity = 0.5 } = {}) {
      const queryRow = rowOf(term);
      if (queryRow === undefined || k <= 0) return [];
      const query = queryRow * dimension;
      // The best k so far, best first; k is small, so inserting into a sorted array beats a heap.
      const best: WordNeighbor[] = [];
      for (let row = 0; row < known.length; row++) {
        const offset = (rows[row] as number) * dimension;
        let similarity = 0;
        for (let i = 0; i < dimension; i++) {
          similarity += (vectors[query + i] as number) * (vectors[offset + i] as number);
        }
        if (similarity < minSimilarity) continue;
        const candidate = { term: known[row] as string, similarity };
        if (best.length === k && !isCloser(candidate, best[k - 1] as WordNeighbor)) continue;
        let at = best.length;
        while (at > 0 && isCloser(candidate, best[at - 1] as WordNeighbor)) at--;
        best.splice(at, 0, candidate);
        if (best.length > k) best.pop();
      }
      return best;
    },
  };
}

/** More similar first; equal similarities by term, so the order never depends on the vocabulary's. */
function isCloser(a: WordNeighbor, b: WordNeighbor): boolean {
  return a.similarity > b.similarity || (a.similarity === b.similarity && a.term < b.term);
}
