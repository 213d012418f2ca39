import { findSorted } from './find-sorted.js';

/** Each document's set of term numbers, stored flat: one sorted run per document. */
export interface TermSets {
  /** Whether document `document` has term number `term`. */
  has(document: number, term: number): boolean;
  /** Every document's distinct term numbers, run after run, each run ascending. */
  readonly terms: Int32Array;
  /** Where each document's run starts in `terms`; the last entry is `terms.length`. */
  readonly offsets: Int32Array;
}

/**
 * The term sets of documents numbered from 0, given as the term numbers of
 * every document one after another (`values`) and where each document's
 * start (`offsets`, one more than the documents, the last being the end), as
 * one typed array of sorted runs and their offsets: a membership test is a
 * binary search over a few numbers, with nothing for the collector to trace.
 * Duplicates are kept once. For short runs (a tool's name terms).
 *
 * @example
 * const sets = createTermSets([4, 1, 4, 2], [0, 3, 4]);
 * sets.has(0, 4); // true
 */
export function createTermSets(values: ArrayLike<number>, offsets: ArrayLike<number>): TermSets {
  const documentCount = Math.max(0, offsets.length - 1);
  const terms = Int32Array.from(values);
  const runs = new Int32Array(documentCount + 1);
  let distinct = 0;
  for (let document = 0; document < documentCount; document++) {
    const start = offsets[document] as number;
    const stop = offsets[document + 1] as number;
    sortRange(terms, start, stop);
    // Each run of equal numbers kept once, written over the sorted numbers (a run never ends
    // past where it was read).
    runs[document] = distinct;
    for (let index = start; index < stop; index++) {
      const term = terms[index] as number;
      if (index === start || term !== terms[distinct - 1]) terms[distinct++] = term;
    }
  }
  runs[documentCount] = distinct;
  const kept = terms.slice(0, distinct);
  return {
    has: (document, term) =>
      term >= 0 &&
      findSorted(kept, term, runs[document] as number, (runs[document + 1] as number) - 1) >= 0,
    terms: kept,
    offsets: runs,
  };
}

/** Sorts `numbers` from `start` to before `stop` in place: by insertion when few, as most are. */
function sortRange(numbers: Int32Array, start: number, stop: number): void {
  if (stop - start > 24) {
    numbers.subarray(start, stop).sort();
    return;
  }
  for (let index = start + 1; index < stop; index++) {
    const value = numbers[index] as number;
    let position = index;
    while (position > start && (numbers[position - 1] as number) > value) {
      numbers[position] = numbers[position - 1] as number;
      position--;
    }
    numbers[position] = value;
  }
}
