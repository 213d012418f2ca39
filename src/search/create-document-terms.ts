import type { CountedPostings } from './count-postings.js';
import type { FieldTermNumbers } from './create-field-term-numbering.js';
import { findSorted } from './find-sorted.js';

/** BM25 parameters, as Orama takes them. */
export interface Bm25Parameters {
  k: number;
  b: number;
  d: number;
}

/** Term statistics of whole documents (numbered from 0): every field's terms counted together. */
export interface DocumentTerms {
  /** How many documents there are. */
  readonly size: number;
  /** Every term of the documents, in the order they first appear. */
  readonly terms: readonly string[];
  /** Each term's documents and its count in each, by term number. */
  readonly postings: CountedPostings;
  /** The number of `term` (its position in `terms`), or -1 when no document has it. */
  termNumber(term: string): number;
  /** How many documents have `term`. */
  documentFrequency(term: string): number;
  /** BM25 of `term` over the whole of document `document`; 0 when it lacks the term. */
  score(document: number, term: string): number;
  /** BM25 of term number `term` over the document of its posting `index` (in `postings`). */
  scoreAt(term: number, index: number): number;
  /** The documents that have `term`, ascending. */
  documentsWith(term: string): Int32Array;
}

/**
 * Whole-document term statistics of analyzed documents (the terms of all
 * fields of each), scored with the same BM25 as Orama's field scores: term
 * frequency as a share of the document's length, and Orama's occurrence count
 * (at most the number of documents) in the inverse document frequency.
 * Computed here rather than indexed as one more Orama field, which doubled the
 * index's build time for the same scores. Terms come numbered
 * (`createFieldTermNumbering`, with the field index's), with each term's
 * documents and counts (`countPostings` of every field).
 */
export function createDocumentTerms(
  { terms, numbers }: Pick<FieldTermNumbers, 'terms' | 'numbers'>,
  postings: CountedPostings,
  relevance: Bm25Parameters,
  documentCount: number,
): DocumentTerms {
  const occurrences = new Int32Array(terms.length);
  const frequencies = new Int32Array(terms.length);
  const lengths = new Int32Array(documentCount);
  const { documents, counts } = postings;
  let totalLength = 0;
  // Indexed loops: `for…of` over a typed array was ten times slower.
  for (let term = 0; term < terms.length; term++) {
    const start = postings.start(term);
    const end = postings.end(term);
    frequencies[term] = end - start;
    let occurring = 0;
    for (let index = start; index < end; index++) {
      const count = counts[index] as number;
      occurring += count;
      const document = documents[index] as number;
      lengths[document] = (lengths[document] as number) + count;
    }
    occurrences[term] = occurring;
    totalLength += occurring;
  }
  const averageLength = documentCount > 0 ? totalLength / documentCount : 0;
  const { k, b, d } = relevance;
  const termNumber = (term: string) => numbers.get(term) ?? -1;
  const bm25 = (term: number, document: number, count: number) => {
    const length = lengths[document] as number;
    // Orama counts occurrences, which can exceed the documents and turn the idf negative.
    const matching = Math.min(occurrences[term] as number, documentCount);
    const frequency = count / length;
    const idf = Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5));
    return (
      (idf * (d + frequency * (k + 1))) / (frequency + k * (1 - b + (b * length) / averageLength))
    );
  };
  return {
    size: documentCount,
    terms,
    postings,
    termNumber,
    documentFrequency: (term) => {
      const number = numbers.get(term);
      return number === undefined ? 0 : (frequencies[number] as number);
    },
    documentsWith(term) {
      const number = termNumber(term);
      return documents.subarray(postings.start(number), postings.end(number));
    },
    score(document, term) {
      const number = termNumber(term);
      const start = postings.start(number);
      const index = findSorted(documents, document, start, postings.end(number) - 1);
      return index < 0 ? 0 : bm25(number, document, counts[index] as number);
    },
    scoreAt: (term, index) => bm25(term, documents[index] as number, counts[index] as number),
  };
}
