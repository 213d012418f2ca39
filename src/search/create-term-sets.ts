/** Each document's set of term numbers, stored flat: one sorted run per document. */
export interface TermSets {
  /** Where term number `term` is stored in document `document`'s run (see `terms`); -1 when absent. */
  slot(document: number, term: number): number;
  /** Whether document `document` has term number `term`. */
  has(document: number, term: number): boolean;
  /** Every document's distinct term numbers, run after run, each run ascending. */
  readonly terms: Int32Array;
}

/**
 * The term sets of documents numbered from 0, as one typed array of sorted
 * runs and their offsets: a membership test is a binary search over a few
 * dozen numbers, with nothing for the collector to trace, where a `Set` of
 * strings per tool cost most of a search's time and of the index's heap.
 * Duplicate numbers within a document are kept once.
 *
 * @example
 * const sets = createTermSets([[4, 1], [2]]);
 * sets.has(0, 4); // true
 */
export function createTermSets(documents: readonly (readonly number[])[]): TermSets {
  const offsets = new Int32Array(documents.length + 1);
  const runs: number[][] = [];
  let total = 0;
  for (const [document, terms] of documents.entries()) {
    const run = [...new Set(terms)].sort((left, right) => left - right);
    runs.push(run);
    total += run.length;
    offsets[document + 1] = total;
  }
  const terms = new Int32Array(total);
  for (const [document, run] of runs.entries()) terms.set(run, offsets[document] as number);
  const slot = (document: number, term: number): number => {
    let low = offsets[document] as number;
    let high = (offsets[document + 1] as number) - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = terms[middle] as number;
      if (value < term) low = middle + 1;
      else if (value > term) high = middle - 1;
      else return middle;
    }
    return -1;
  };
  return { slot, has: (document, term) => term >= 0 && slot(document, term) >= 0, terms };
}
