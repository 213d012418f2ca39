import { keepHiddenClass } from '../util/keep-hidden-class.js';
import type { NumberedRuns } from './create-field-term-numbering.js';

/**
 * Each term's documents, ascending, how many times the term occurs in each,
 * and in each field of it: the term's range of `documents` and `counts`, from
 * `start(term)` to before `end(term)` (equal when no document has it).
 */
export interface CountedPostings {
  readonly documents: Int32Array;
  /** The term's occurrences in the document, every field counted; 16-bit while every document's length fits. */
  readonly counts: Uint16Array | Int32Array;
  start(term: number): number;
  end(term: number): number;
  /** The term's occurrences in field `field` of the document of posting `index`. */
  fieldCount(index: number, field: number): number;
}

/** Fields a posting counts apart: four bits each in 32. */
export const MAX_COUNTED_FIELDS = 8;

/**
 * The counted postings of documents numbered from 0 to `documentCount - 1`,
 * whose terms (numbered below `termCount`) are given field by field
 * (`NumberedRuns`, document after document): one posting per term and
 * document, with the term's count in the whole document and in each field
 * (four bits a field, a count of 15 or more kept apart). Built in two passes
 * over the terms, without sorting: one counts each term's documents, the
 * other lists them.
 *
 * The one form an index keeps of its documents' terms, for the whole
 * documents' statistics and each field's alike: it used to keep each field's
 * terms as sets by document and as lists by term, and the whole documents'
 * both ways again, and then each field's and the whole documents' lists apart.
 *
 * @example
 * const name = { values: Int32Array.of(1, 1, 0), starts: Int32Array.of(0, 2, 3) };
 * const postings = countPostings([name], 2, 2);
 * postings.documents.subarray(postings.start(1), postings.end(1)); // [0]
 * postings.fieldCount(postings.start(1), 0); // 2
 */
export function countPostings(
  fields: readonly NumberedRuns[],
  documentCount: number,
  termCount: number,
): CountedPostings {
  if (fields.length > MAX_COUNTED_FIELDS) {
    throw new RangeError(
      `countPostings counts at most ${MAX_COUNTED_FIELDS} fields apart, not ${fields.length}`,
    );
  }
  // Each term's number of documents, then where its documents start; and the longest document,
  // whose length no count can pass.
  const offsets = new Int32Array(termCount + 1);
  const last = new Int32Array(termCount).fill(-1);
  let longest = 0;
  for (let document = 0; document < documentCount; document++) {
    let length = 0;
    for (let field = 0; field < fields.length; field++) {
      const { values, starts } = fields[field] as NumberedRuns;
      const end = starts[document + 1] as number;
      length += end - (starts[document] as number);
      for (let slot = starts[document] as number; slot < end; slot++) {
        const term = values[slot] as number;
        if (last[term] !== document) {
          last[term] = document;
          offsets[term + 1] = (offsets[term + 1] as number) + 1;
        }
      }
    }
    if (length > longest) longest = length;
  }
  for (let term = 0; term < termCount; term++) {
    offsets[term + 1] = (offsets[term + 1] as number) + (offsets[term] as number);
  }
  const size = offsets[termCount] as number;
  const documents = new Int32Array(size);
  const counts = longest <= 0xffff ? new Uint16Array(size) : new Int32Array(size);
  const fieldCounts = new Uint32Array(size);
  const large = new Map<number, number>();
  // Where each term's next document goes; the term's posting in the current document is the one
  // before it.
  const next = offsets.slice(0, termCount);
  last.fill(-1);
  for (let document = 0; document < documentCount; document++) {
    for (let field = 0; field < fields.length; field++) {
      const { values, starts } = fields[field] as NumberedRuns;
      const end = starts[document + 1] as number;
      const shift = 4 * field;
      for (let slot = starts[document] as number; slot < end; slot++) {
        const term = values[slot] as number;
        let at: number;
        if (last[term] === document) {
          at = (next[term] as number) - 1;
          counts[at] = (counts[at] as number) + 1;
        } else {
          last[term] = document;
          at = next[term] as number;
          next[term] = at + 1;
          documents[at] = document;
          counts[at] = 1;
        }
        const packed = fieldCounts[at] as number;
        const inField = (packed >>> shift) & 15;
        if (inField < 14) fieldCounts[at] = packed + (1 << shift);
        else {
          const key = at * MAX_COUNTED_FIELDS + field;
          if (inField === 14) fieldCounts[at] = packed + (1 << shift);
          large.set(key, (large.get(key) ?? 14) + 1);
        }
      }
    }
  }
  return new TermOrderPostings(documents, counts, fieldCounts, large, offsets);
}

/** A class's methods, so every index shares their optimized code. */
class TermOrderPostings implements CountedPostings {
  readonly documents: Int32Array;
  readonly counts: Uint16Array | Int32Array;
  // Four bits a field, 15 for a count of 15 or more, which `#large` holds (by posting and field).
  readonly #fieldCounts: Uint32Array;
  readonly #large: ReadonlyMap<number, number>;
  readonly #offsets: Int32Array;

  constructor(
    documents: Int32Array,
    counts: Uint16Array | Int32Array,
    fieldCounts: Uint32Array,
    large: ReadonlyMap<number, number>,
    offsets: Int32Array,
  ) {
    this.documents = documents;
    this.counts = counts;
    this.#fieldCounts = fieldCounts;
    this.#large = large;
    this.#offsets = offsets;
  }

  start(term: number): number {
    return term >= 0 && term < this.#offsets.length - 1 ? (this.#offsets[term] as number) : 0;
  }

  end(term: number): number {
    return term >= 0 && term < this.#offsets.length - 1 ? (this.#offsets[term + 1] as number) : 0;
  }

  fieldCount(index: number, field: number): number {
    const count = ((this.#fieldCounts[index] as number) >>> (4 * field)) & 15;
    return count < 15 ? count : (this.#large.get(index * MAX_COUNTED_FIELDS + field) as number);
  }
}

keepHiddenClass(
  new TermOrderPostings(
    new Int32Array(0),
    new Uint16Array(0),
    new Uint32Array(0),
    new Map(),
    new Int32Array(1),
  ),
);
