import type { TermSets } from './create-term-sets.js';

/** Each term's documents, ascending: `documents` from `offsets[term]` to `offsets[term + 1]`. */
export interface Postings {
  readonly offsets: Int32Array;
  readonly documents: Int32Array;
}

/**
 * The postings of term sets (`createTermSets`) over terms numbered below
 * `termCount`: the same pairs, turned from documents' terms into terms'
 * documents, in two typed arrays.
 *
 * @example
 * const { offsets, documents } = createPostings(createTermSets([1, 0, 1], [0, 1, 3]), 2);
 * documents.subarray(offsets[1], offsets[2]); // [0, 1]
 */
export function createPostings({ terms, offsets: runs }: TermSets, termCount: number): Postings {
  const offsets = new Int32Array(termCount + 1);
  for (const term of terms) offsets[term + 1] = (offsets[term + 1] as number) + 1;
  for (let term = 0; term < termCount; term++) {
    offsets[term + 1] = (offsets[term + 1] as number) + (offsets[term] as number);
  }
  const documents = new Int32Array(terms.length);
  const filled = offsets.slice(0, termCount);
  for (let document = 0; document + 1 < runs.length; document++) {
    for (let slot = runs[document] as number; slot < (runs[document + 1] as number); slot++) {
      const term = terms[slot] as number;
      documents[filled[term] as number] = document;
      filled[term] = (filled[term] as number) + 1;
    }
  }
  return { offsets, documents };
}
