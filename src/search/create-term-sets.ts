import { countByNumber } from './count-by-number.js';
import { findSorted } from './find-sorted.js';

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
 * The term sets of documents numbered from 0, given as the term numbers of
 * every document one after another (`values`) and where each document's
 * start (`offsets`, one more than the documents, the last being the end), as
 * one typed array of sorted runs and their offsets: a membership test is a
 * binary search over a few dozen numbers, with nothing for the collector to
 * trace, where a `Set` of strings per tool cost most of a search's time and of
 * the index's heap. Duplicates are kept once, counted.
 *
 * @example
 * const sets = createTermSets([4, 1, 4, 2], [0, 3, 4]);
 * sets.has(0, 4); // true
 * sets.counts[sets.slot(0, 4)]; // 2
 */
export function createTermSets(values: ArrayLike<number>, offsets: ArrayLike<number>): TermSets {
  const documentCount = Math.max(0, offsets.length - 1);
  // Short runs (most fields) are sorted one by one; long ones (descriptions, 150 terms a tool)
  // all at once, by number.
  const terms =
    values.length > longRun * documentCount
      ? sortedByNumber(values, offsets)
      : sortedByDocument(values, offsets);
  // Each run of equal numbers kept once, with its length as the count, written over the sorted
  // numbers (a run never ends past where it was read).
  const counts = new Int32Array(terms.length);
  const runs = new Int32Array(documentCount + 1);
  let distinct = 0;
  for (let document = 0; document < documentCount; document++) {
    const start = offsets[document] as number;
    const stop = offsets[document + 1] as number;
    runs[document] = distinct;
    for (let index = start; index < stop; index++) {
      const term = terms[index] as number;
      if (index > start && term === terms[distinct - 1]) {
        counts[distinct - 1] = (counts[distinct - 1] as number) + 1;
      } else {
        terms[distinct] = term;
        counts[distinct++] = 1;
      }
    }
  }
  runs[documentCount] = distinct;
  return termSetsOf(terms.slice(0, distinct), counts.slice(0, distinct), runs);
}

/** Runs longer than this on average are sorted all at once (`sortedByNumber`). */
const longRun = 24;

/** `values`, each document's run sorted on its own. */
function sortedByDocument(values: ArrayLike<number>, offsets: ArrayLike<number>): Int32Array {
  const terms = Int32Array.from(values);
  for (let document = 0; document + 1 < offsets.length; document++) {
    sortRange(terms, offsets[document] as number, offsets[document + 1] as number);
  }
  return terms;
}

/**
 * `values`, each document's run sorted, without comparing any two: every
 * number's documents are listed by number, then each number is written back
 * to its documents in that order. Sorting each run on its own was most of
 * building the term sets of long descriptions.
 */
function sortedByNumber(values: ArrayLike<number>, offsets: ArrayLike<number>): Int32Array {
  const documentCount = offsets.length - 1;
  // Where each number's documents end, once they are listed.
  const ends = countByNumber(values);
  const largest = ends.length - 1;
  for (let term = 1; term <= largest; term++) {
    ends[term] = (ends[term] as number) + (ends[term - 1] as number);
  }
  // Listed from the last document back, so each number's documents ascend.
  const documentsByTerm = new Int32Array(values.length);
  for (let document = documentCount - 1; document >= 0; document--) {
    for (
      let index = (offsets[document + 1] as number) - 1;
      index >= (offsets[document] as number);
      index--
    ) {
      const term = values[index] as number;
      const slot = (ends[term] as number) - 1;
      ends[term] = slot;
      documentsByTerm[slot] = document;
    }
  }
  // `ends` now holds where each number's documents start; each document's run fills in order.
  const terms = new Int32Array(values.length);
  const filled = Int32Array.from(offsets);
  for (let term = 0, slot = 0; term <= largest; term++) {
    const end = term < largest ? (ends[term + 1] as number) : values.length;
    for (; slot < end; slot++) {
      const document = documentsByTerm[slot] as number;
      terms[filled[document] as number] = term;
      filled[document] = (filled[document] as number) + 1;
    }
  }
  return terms;
}

/** The term sets of sorted distinct runs `terms`, their `counts`, and where each document's run starts (`offsets`). */
export function termSetsOf(terms: Int32Array, counts: Int32Array, offsets: Int32Array): TermSets {
  const slot = (document: number, term: number): number =>
    findSorted(terms, term, offsets[document] as number, (offsets[document + 1] as number) - 1);
  return {
    slot,
    has: (document, term) => term >= 0 && slot(document, term) >= 0,
    terms,
    counts,
    offsets,
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
