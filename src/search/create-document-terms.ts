import type { FieldTermNumbers } from './create-field-term-numbering.js';
import { createPostings } from './create-postings.js';
import type { TermSets } from './create-term-sets.js';

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
  /** The number of `term` (its position in `terms`), or -1 when no document has it. */
  termNumber(term: string): number;
  /** Whether document `document` has the term numbered `term` (-1 included) in any field. */
  has(document: number, term: number): boolean;
  /** How many documents have `term`. */
  documentFrequency(term: string): number;
  /** BM25 of `term` over the whole of document `document`; 0 when it lacks the term. */
  score(document: number, term: string): number;
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
 * (`createFieldTermNumbering`, with the field index's), and each
 * document's terms and counts, and each term's documents, are kept in typed
 * arrays (`createTermSets`): the ranker tests a few hundred candidates against
 * every query term, and a `Map` per document made that and the heap costly.
 */
export function createDocumentTerms(
  { terms, numbers }: Pick<FieldTermNumbers, 'terms' | 'numbers'>,
  // Each document's terms of every field (`mergeTermSets` of the fields').
  sets: TermSets,
  relevance: Bm25Parameters,
): DocumentTerms {
  const documentCount = sets.offsets.length - 1;
  const occurrences = new Int32Array(terms.length);
  const frequencies = new Int32Array(terms.length);
  const lengths = new Int32Array(documentCount);
  const { counts } = sets;
  let totalLength = 0;
  // Indexed loops: `for…of` over a typed array was ten times slower.
  for (let document = 0; document < documentCount; document++) {
    let length = 0;
    for (
      let slot = sets.offsets[document] as number;
      slot < (sets.offsets[document + 1] as number);
      slot++
    ) {
      const number = sets.terms[slot] as number;
      const count = counts[slot] as number;
      occurrences[number] = (occurrences[number] as number) + count;
      frequencies[number] = (frequencies[number] as number) + 1;
      length += count;
    }
    lengths[document] = length;
    totalLength += length;
  }
  const postings = createPostings(sets);
  const averageLength = documentCount > 0 ? totalLength / documentCount : 0;
  const { k, b, d } = relevance;
  const termNumber = (term: string) => numbers.get(term) ?? -1;
  return {
    size: documentCount,
    terms,
    termNumber,
    has: sets.has,
    documentFrequency: (term) => {
      const number = numbers.get(term);
      return number === undefined ? 0 : (frequencies[number] as number);
    },
    documentsWith(term) {
      const number = numbers.get(term);
      return postings.documentsWith(number ?? -1);
    },
    score(document, term) {
      const number = termNumber(term);
      const slot = number < 0 ? -1 : sets.slot(document, number);
      if (slot < 0) return 0;
      const count = counts[slot] as number;
      const length = lengths[document] as number;
      // Orama counts occurrences, which can exceed the documents and turn the idf negative.
      const matching = Math.min(occurrences[number] as number, documentCount);
      const frequency = count / length;
      const idf = Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5));
      return (
        (idf * (d + frequency * (k + 1))) / (frequency + k * (1 - b + (b * length) / averageLength))
      );
    },
  };
}
