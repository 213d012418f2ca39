import { countByNumber } from './count-by-number.js';
import type { TermSets } from './create-term-sets.js';
import { findSorted } from './find-sorted.js';

/** Each term's documents, ascending. */
export interface Postings {
  /** The documents that have term number `term`, ascending: a view, empty when there are none. */
  documentsWith(term: number): Int32Array;
}

/**
 * The postings of term sets (`createTermSets`): the same pairs, turned from
 * documents' terms into terms' documents, kept in typed arrays sized by the
 * terms the documents have (a field's terms are a small share of the
 * catalog's).
 *
 * @example
 * const postings = createPostings(createTermSets([1, 0, 1], [0, 1, 3]));
 * postings.documentsWith(1); // [0, 1]
 */
export function createPostings({ terms, offsets: runs }: TermSets): Postings {
  // Each term's count of documents, by term number, then the terms that have any, ascending.
  const frequencies = countByNumber(terms);
  const largest = frequencies.length - 1;
  let distinct = 0;
  for (let term = 0; term <= largest; term++) if ((frequencies[term] as number) > 0) distinct++;
  const known = new Int32Array(distinct);
  const offsets = new Int32Array(distinct + 1);
  // Where each term's documents go next, by term number.
  const filled = new Int32Array(largest + 1);
  for (let term = 0, index = 0; term <= largest; term++) {
    const frequency = frequencies[term] as number;
    if (frequency === 0) continue;
    known[index] = term;
    filled[term] = offsets[index] as number;
    offsets[index + 1] = (offsets[index] as number) + frequency;
    index++;
  }
  const indexOf = (term: number): number => findSorted(known, term);
  const documents = new Int32Array(terms.length);
  for (let document = 0; document + 1 < runs.length; document++) {
    for (let slot = runs[document] as number; slot < (runs[document + 1] as number); slot++) {
      const term = terms[slot] as number;
      documents[filled[term] as number] = document;
      filled[term] = (filled[term] as number) + 1;
    }
  }
  return {
    documentsWith(term) {
      const index = indexOf(term);
      return index < 0
        ? documents.subarray(0, 0)
        : documents.subarray(offsets[index], offsets[index + 1]);
    },
  };
}
