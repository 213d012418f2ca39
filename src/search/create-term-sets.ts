/** Each document's set of term numbers, stored flat: one sorted run per document. */
export interface TermSets {
  /** Where term number `term` is stored in document `document`'s run (see `terms`); -1 when absent. */
  slot(document: number, term: number): number;
  /** Whether document `document` has term number `term`. */
  has(document: number, term: number): boolean;
  /** Every document's distinct term numbers, run after run, each run ascending. */
  readonly terms: Int32Array;
  /** How many times each of `terms` occurs in its document. */
  readonly counts: Int32Array;
  /** Where each document's run starts in `terms`; the last entry is `terms.length`. */
  readonly offsets: Int32Array;
}

/**
 * The term sets of documents numbered from 0 (each a list of term numbers, 0
 * or more), as one typed array of sorted runs and their offsets: a membership
 * test is a binary search over a few dozen numbers, with nothing for the
 * collector to trace, where a `Set` of strings per tool cost most of a
 * search's time and of the index's heap. Duplicates are kept once, counted.
 *
 * @example
 * const sets = createTermSets([[4, 1, 4], [2]]);
 * sets.has(0, 4); // true
 * sets.counts[sets.slot(0, 4)]; // 2
 */
export function createTermSets(documents: readonly (readonly number[])[]): TermSets {
  let total = 0;
  for (const terms of documents) total += terms.length;
  // Sorted per document, then each run of equal numbers kept once, with its length as the count.
  const sorted = new Int32Array(total);
  const offsets = new Int32Array(documents.length + 1);
  let end = 0;
  for (const [document, terms] of documents.entries()) {
    const start = end;
    for (const term of terms) sorted[end++] = term;
    sorted.subarray(start, end).sort();
    offsets[document + 1] = end;
  }
  const terms = new Int32Array(total);
  const counts = new Int32Array(total);
  let distinct = 0;
  for (let document = 0; document < documents.length; document++) {
    const start = offsets[document] as number;
    const stop = offsets[document + 1] as number;
    offsets[document] = distinct;
    for (let index = start; index < stop; index++) {
      const term = sorted[index] as number;
      if (index > start && term === sorted[index - 1]) {
        counts[distinct - 1] = (counts[distinct - 1] as number) + 1;
      } else {
        terms[distinct] = term;
        counts[distinct++] = 1;
      }
    }
  }
  offsets[documents.length] = distinct;
  const runs = terms.slice(0, distinct);
  const slot = (document: number, term: number): number => {
    let low = offsets[document] as number;
    let high = (offsets[document + 1] as number) - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = runs[middle] as number;
      if (value < term) low = middle + 1;
      else if (value > term) high = middle - 1;
      else return middle;
    }
    return -1;
  };
  return {
    slot,
    has: (document, term) => term >= 0 && slot(document, term) >= 0,
    terms: runs,
    counts: counts.slice(0, distinct),
    offsets,
  };
}
