import type { NearestWordsOptions, WordNeighbor } from './word-vectors.js';

/** The terms of one vocabulary (a catalog's, say) as a matrix, to find the nearest to a query term. */
export interface WordVectorVocabulary {
  /** The vocabulary's terms that the table holds, in the order first given. */
  readonly terms: readonly string[];
  /**
   * The vocabulary's terms closest to `term`, most similar first (ties by term), the term
   * itself included when the vocabulary holds it; empty when the table does not hold `term`.
   */
  nearest(term: string, options?: NearestWordsOptions): WordNeighbor[];
}

/** Builds the matrix of `terms` once, from the table's rows (`vector` may return views: they are copied). */
export function createWordVectorVocabulary(
  terms: Iterable<string>,
  vector: (term: string) => Float32Array | undefined,
): WordVectorVocabulary {
  const known: string[] = [];
  const rows: Float32Array[] = [];
  const seen = new Set<string>();
  for (const term of terms) {
    if (seen.has(term)) continue;
    seen.add(term);
    const row = vector(term);
    if (row === undefined) continue;
    known.push(term);
    rows.push(row);
  }
  const dimension = rows[0]?.length ?? 0;
  // One contiguous matrix: a scan over 30,000 rows then reads memory in order.
  const matrix = new Float32Array(known.length * dimension);
  rows.forEach((row, index) => {
    matrix.set(row, index * dimension);
  });

  return {
    terms: known,
    nearest(term, { k = 5, minSimilarity = 0.5 } = {}) {
      const query = vector(term);
      if (query === undefined || k <= 0) return [];
      // The best k so far, best first; k is small, so inserting into a sorted array beats a heap.
      const best: WordNeighbor[] = [];
      for (let row = 0; row < known.length; row++) {
        const offset = row * dimension;
        let similarity = 0;
        for (let i = 0; i < dimension; i++) {
          similarity += (query[i] as number) * (matrix[offset + i] as number);
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
