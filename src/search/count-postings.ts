import { keepHiddenClass } from '../util/keep-hidden-class.js';
import type { NumberedRuns } from './create-field-term-numbering.js';
import { findSorted } from './find-sorted.js';

/**
 * Each term's documents, ascending, and how many times the term occurs in
 * each: the term's range of `documents` and `counts`, from `start(term)` to
 * before `end(term)` (equal when no document has it).
 */
export interface CountedPostings {
  readonly documents: Int32Array;
  /** 16-bit while every count fits. */
  readonly counts: Uint16Array | Int32Array;
  start(term: number): number;
  end(term: number): number;
}

/**
 * The counted postings of documents numbered from 0 to `documentCount - 1`,
 * whose terms (numbered below `termCount`) are given as runs of one or more
 * fields (`NumberedRuns`, document after document): a document's terms are
 * those of every run given, counted together. Built in two passes over the
 * terms, without sorting: one counts each term's documents, the other lists
 * them. A field's postings keep only the terms it has (and a binary search
 * finds them); postings that have every term, a whole document's, are found
 * by number.
 *
 * The one form the index keeps of a document's terms: it used to keep each
 * field's terms as sets by document and as lists by term, and the whole
 * documents' both ways again, for the same numbers.
 *
 * @example
 * const postings = countPostings([{ values: Int32Array.of(1, 1, 0), starts: Int32Array.of(0, 2, 3) }], 2, 2);
 * postings.documents.subarray(postings.start(1), postings.end(1)); // [0]
 * postings.counts[postings.start(1)]; // 2
 */
export function countPostings(
  fields: readonly NumberedRuns[],
  documentCount: number,
  termCount: number,
): CountedPostings {
  // Each term's number of documents, then where its documents go next.
  const next = new Int32Array(termCount);
  const last = new Int32Array(termCount).fill(-1);
  for (let document = 0; document < documentCount; document++) {
    for (let field = 0; field < fields.length; field++) {
      const { values, starts } = fields[field] as NumberedRuns;
      for (let slot = starts[document] as number; slot < (starts[document + 1] as number); slot++) {
        const term = values[slot] as number;
        if (last[term] !== document) {
          last[term] = document;
          next[term] = (next[term] as number) + 1;
        }
      }
    }
  }
  let known = 0;
  for (let term = 0; term < termCount; term++) if ((next[term] as number) > 0) known++;
  const terms = known === termCount ? undefined : new Int32Array(known);
  const offsets = new Int32Array(known + 1);
  for (let term = 0, index = 0; term < termCount; term++) {
    const frequency = next[term] as number;
    if (frequency === 0) continue;
    if (terms !== undefined) terms[index] = term;
    next[term] = offsets[index] as number;
    offsets[index + 1] = (offsets[index] as number) + frequency;
    index++;
  }
  const documents = new Int32Array(offsets[known] as number);
  const counts = new Int32Array(documents.length);
  let largest = 0;
  last.fill(-1);
  for (let document = 0; document < documentCount; document++) {
    for (let field = 0; field < fields.length; field++) {
      const { values, starts } = fields[field] as NumberedRuns;
      for (let slot = starts[document] as number; slot < (starts[document + 1] as number); slot++) {
        const term = values[slot] as number;
        const at = next[term] as number;
        if (last[term] === document) {
          const count = (counts[at - 1] as number) + 1;
          counts[at - 1] = count;
          if (count > largest) largest = count;
        } else {
          last[term] = document;
          documents[at] = document;
          counts[at] = 1;
          next[term] = at + 1;
          if (largest === 0) largest = 1;
        }
      }
    }
  }
  return new TermOrderPostings(
    documents,
    largest <= 0xffff ? Uint16Array.from(counts) : counts,
    terms,
    offsets,
  );
}

/** A class's methods, so every index shares their optimized code. */
class TermOrderPostings implements CountedPostings {
  readonly documents: Int32Array;
  readonly counts: Uint16Array | Int32Array;
  // The terms that have documents, ascending; `undefined` when every term has.
  readonly #terms: Int32Array | undefined;
  readonly #offsets: Int32Array;

  constructor(
    documents: Int32Array,
    counts: Uint16Array | Int32Array,
    terms: Int32Array | undefined,
    offsets: Int32Array,
  ) {
    this.documents = documents;
    this.counts = counts;
    this.#terms = terms;
    this.#offsets = offsets;
  }

  start(term: number): number {
    const index = this.#indexOf(term);
    return index < 0 ? 0 : (this.#offsets[index] as number);
  }

  end(term: number): number {
    const index = this.#indexOf(term);
    return index < 0 ? 0 : (this.#offsets[index + 1] as number);
  }

  #indexOf(term: number): number {
    if (this.#terms !== undefined) return findSorted(this.#terms, term);
    return term >= 0 && term < this.#offsets.length - 1 ? term : -1;
  }
}

keepHiddenClass(
  new TermOrderPostings(new Int32Array(0), new Uint16Array(0), undefined, new Int32Array(1)),
);
