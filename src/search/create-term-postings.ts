import type { DocumentTerms } from './create-document-terms.js';
import type { FieldIndex } from './create-field-index.js';
import { TERM_END } from './term-tokenizer.js';

/** A term's documents and what each adds to a request's scores, at one weight. */
export interface TermPostings {
  /** The documents (internal ids, ascending) that have the term in any field. */
  readonly ids: Int32Array;
  /** Per document: its field score plus its whole-document BM25 times the document boost. */
  readonly totals: Float64Array;
  /** Per document: its BM25 in each field, boosted, summed (Orama's score of the term). */
  readonly fieldScores: Float64Array;
  /** Per document: 1 when the term is in one of its name fields (`nameFields`), else 0. */
  readonly inName: Uint8Array;
}

export interface CreateTermPostingsOptions {
  fieldIndex: FieldIndex;
  documentTerms: DocumentTerms;
  /** The fields, in the field index's order. */
  fields: readonly string[];
  /** The boost of the whole-document BM25, before the weight. */
  documentBoost: number;
  /** The fields that name a tool (its name and aliases). */
  nameFields: readonly string[];
}

/** A term's postings at a weight, its fields boosted by `boost` (kept per boost object: pass constants). */
export type TermPostingsOf = (
  term: string,
  weight: number,
  boost: Readonly<Record<string, number>>,
) => TermPostings;

/**
 * A term's postings with its field and whole-document BM25 already combined,
 * computed on a term's first use at a weight and field boosts and kept (only terms some tool
 * has, so the cache is bounded by the catalog's vocabulary): a request then adds one
 * list per term, where it used to add the term's list in each of eight fields
 * and its whole-document list, and then combine them for every match. The sums
 * are the same up to the order of additions.
 *
 * @example
 * const postingsOf = createTermPostings({ fieldIndex, documentTerms, fields, documentBoost: 1 });
 * const { ids, totals } = postingsOf('email', 1, { name: 1, description: 0.7 });
 */
export function createTermPostings({
  fieldIndex,
  documentTerms,
  fields,
  documentBoost,
  nameFields,
}: CreateTermPostingsOptions): TermPostingsOf {
  const fieldSums = new Float64Array(documentTerms.size + 1);
  const named = new Uint8Array(documentTerms.size + 1);
  // Kept by boost object, then weight, then term: a lookup builds no key. A request reads its
  // terms at one weight and boost, so the last pair's terms are at hand.
  const caches = new WeakMap<object, Map<number, Map<string, TermPostings>>>();
  let lastBoost: object | undefined;
  let lastWeight = Number.NaN;
  let lastCache = new Map<string, TermPostings>();
  const cacheOf = (weight: number, boost: Readonly<Record<string, number>>) => {
    let byWeight = caches.get(boost);
    if (byWeight === undefined) {
      byWeight = new Map();
      caches.set(boost, byWeight);
    }
    let cache = byWeight.get(weight);
    if (cache === undefined) {
      cache = new Map();
      byWeight.set(weight, cache);
    }
    return cache;
  };
  const compute = (
    term: string,
    weight: number,
    boost: Readonly<Record<string, number>>,
  ): TermPostings => {
    const positions = documentTerms.documentsWith(term);
    const perField = fieldIndex.postings(`${term}${TERM_END}`);
    // Every field a document has the term in is one of its terms' fields: the field
    // postings' documents are among `positions`.
    for (const [field, prop] of fields.entries()) {
      const { ids, bm25 } = perField[field] as (typeof perField)[number];
      const fieldBoost = boost[prop] ?? 1;
      const naming = nameFields.includes(prop);
      for (let index = 0; index < ids.length; index++) {
        const id = ids[index] as number;
        fieldSums[id] = (fieldSums[id] as number) + (bm25[index] as number) * fieldBoost;
        if (naming) named[id] = 1;
      }
    }
    const ids = new Int32Array(positions.length);
    const totals = new Float64Array(positions.length);
    const fieldScores = new Float64Array(positions.length);
    const inName = new Uint8Array(positions.length);
    for (let index = 0; index < positions.length; index++) {
      const position = positions[index] as number;
      const id = position + 1;
      const fieldScore = fieldSums[id] as number;
      fieldSums[id] = 0;
      inName[index] = named[id] as number;
      named[id] = 0;
      ids[index] = id;
      fieldScores[index] = fieldScore;
      totals[index] = fieldScore + documentBoost * weight * documentTerms.score(position, term);
    }
    return { ids, totals, fieldScores, inName };
  };
  return (term, weight, boost) => {
    // A term no tool has is not kept: a model's made-up words would grow the cache without end.
    if (documentTerms.documentFrequency(term) === 0) return noPostings;
    // `Object.is`: a weight of NaN is cached as itself, as a `Map` key is.
    if (boost !== lastBoost || !Object.is(weight, lastWeight)) {
      lastCache = cacheOf(weight, boost);
      lastBoost = boost;
      lastWeight = weight;
    }
    let postings = lastCache.get(term);
    if (postings === undefined) {
      postings = compute(term, weight, boost);
      lastCache.set(term, postings);
    }
    return postings;
  };
}

/** The postings of every term no tool has, shared. */
const noPostings: TermPostings = Object.freeze({
  ids: new Int32Array(0),
  totals: new Float64Array(0),
  fieldScores: new Float64Array(0),
  inName: new Uint8Array(0),
});
