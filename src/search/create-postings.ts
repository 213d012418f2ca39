import type { TermSets } from './create-term-sets.js';

/** Each term's documents, ascending. */
export interface Postings {
  /** The documents that have term number `term`, ascending: a view, empty when there are none. */
  documentsWith(term: number): Int32Array;
}

/**
 * The postings of term sets (`createTermSets`): the same pairs, turned from
 * documents' terms into terms' documents, in typed arrays sized by the terms
 * the documents have (a field's terms are a small share of the catalog's).
 *
 * @example
 * const postings = createPostings(createTermSets([1, 0, 1], [0, 1, 3]));
 * postings.documentsWith(1); // [0, 1]
 */
export function createPostings({ terms, offsets: runs }: TermSets): Postings {
  // The distinct terms, ascending, and each one's share of `documents`.
  const present = Int32Array.from(terms).sort();
  let distinct = 0;
  for (let index = 0; index < present.length; index++) {
    if (index === 0 || present[index] !== present[distinct - 1]) {
      present[distinct++] = present[index] as number;
    }
  }
  const known = present.slice(0, distinct);
  const indexOf = (term: number): number => {
    let low = 0;
    let high = known.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = known[middle] as number;
      if (value < term) low = middle + 1;
      else if (value > term) high = middle - 1;
      else return middle;
    }
    return -1;
  };
  const offsets = new Int32Array(known.length + 1);
  const slots = new Int32Array(terms.length);
  for (const [slot, term] of terms.entries()) {
    const index = indexOf(term);
    slots[slot] = index;
    offsets[index + 1] = (offsets[index + 1] as number) + 1;
  }
  for (let index = 0; index < known.length; index++) {
    offsets[index + 1] = (offsets[index + 1] as number) + (offsets[index] as number);
  }
  const documents = new Int32Array(terms.length);
  const filled = offsets.slice(0, known.length);
  for (let document = 0; document + 1 < runs.length; document++) {
    for (let slot = runs[document] as number; slot < (runs[document + 1] as number); slot++) {
      const index = slots[slot] as number;
      documents[filled[index] as number] = document;
      filled[index] = (filled[index] as number) + 1;
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
