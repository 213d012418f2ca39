import { ChunkedRuns } from '../util/chunked-runs.js';
import type { DocumentTerms } from './create-document-terms.js';
import type { FieldIndex } from './create-field-index.js';
import { TERM_END } from './term-tokenizer.js';

/**
 * Terms' postings, each a run of one of its chunks: per document of the run, what the term adds
 * to a request's scores.
 */
export interface PostingsChunk {
  /** The documents (internal ids, ascending in each run) that have the term in any field. */
  readonly ids: Int32Array;
  /** Per document: its field score plus its whole-document BM25 times the document boost. */
  readonly totals: Float64Array;
  /** Per document: its BM25 in each field, boosted, summed (Orama's score of the term). */
  readonly fieldScores: Float64Array;
  /** Per document: 1 when the term is in one of its name fields (`nameFields`), else 0. */
  readonly inName: Uint8Array;
}

/** Every term's postings at each weight and field boosts that a request read them at. */
export interface TermPostings {
  /**
   * The postings of `term` at `weight`, its fields boosted by `boost` (kept per boost object:
   * pass constants), computed on first use: a number for `chunkOf`, `startOf` and `endOf`.
   */
  find(term: string, weight: number, boost: Readonly<Record<string, number>>): number;
  /** The chunk that holds the postings `find` numbered. */
  chunkOf(postings: number): PostingsChunk;
  /** Where the postings start in their chunk. */
  startOf(postings: number): number;
  /** Where the postings end (exclusive) in their chunk. */
  endOf(postings: number): number;
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

/**
 * A term's postings with its field and whole-document BM25 already combined,
 * computed on a term's first use at a weight and field boosts and kept (only terms some tool
 * has, so the store is bounded by the catalog's vocabulary): a request then adds one
 * list per term, where it used to add the term's list in each of eight fields
 * and its whole-document list, and then combine them for every match. The sums
 * are the same up to the order of additions. Kept in a few large chunks
 * (`ChunkedRuns`), where four typed arrays per term weighed more than their numbers.
 *
 * @example
 * const postings = createTermPostings({ fieldIndex, documentTerms, fields, documentBoost: 1, nameFields: ['name'] });
 * const found = postings.find('email', 1, { name: 1, description: 0.7 });
 * const { ids, totals } = postings.chunkOf(found);
 * for (let index = postings.startOf(found); index < postings.endOf(found); index++) totals[index];
 */
export function createTermPostings(options: CreateTermPostingsOptions): TermPostings {
  return new ChunkedTermPostings(options);
}

/**
 * A class's methods, not closures made per index, so every index shares their optimized code
 * (a closure's goes with the last closure at a full collection).
 */
class ChunkedTermPostings implements TermPostings {
  readonly #fieldIndex: FieldIndex;
  readonly #documentTerms: DocumentTerms;
  readonly #fields: readonly string[];
  readonly #documentBoost: number;
  readonly #naming: readonly boolean[];
  // By internal id, zeroed after each term: its field sums and whether a name field has it.
  readonly #fieldSums: Float64Array;
  readonly #named: Uint8Array;
  // Kept by boost object, then weight, then term: a lookup builds no key. A request reads its
  // terms at one weight and boost, so the last pair's terms are at hand.
  readonly #caches = new WeakMap<object, Map<number, Map<string, number>>>();
  #lastBoost: object | undefined;
  #lastWeight = Number.NaN;
  #lastCache = new Map<string, number>();
  // Postings by number (0: the empty postings), in chunks of `chunkLength`.
  readonly #runs = new ChunkedRuns(newChunk, chunkLength);

  constructor({
    fieldIndex,
    documentTerms,
    fields,
    documentBoost,
    nameFields,
  }: CreateTermPostingsOptions) {
    this.#fieldIndex = fieldIndex;
    this.#documentTerms = documentTerms;
    this.#fields = fields;
    this.#documentBoost = documentBoost;
    this.#naming = fields.map((field) => nameFields.includes(field));
    this.#fieldSums = new Float64Array(documentTerms.size + 1);
    this.#named = new Uint8Array(documentTerms.size + 1);
  }

  find(term: string, weight: number, boost: Readonly<Record<string, number>>): number {
    // A term no tool has is not kept: a model's made-up words would grow the store without end.
    if (this.#documentTerms.documentFrequency(term) === 0) return 0;
    // `Object.is`: a weight of NaN is cached as itself, as a `Map` key is.
    if (boost !== this.#lastBoost || !Object.is(weight, this.#lastWeight)) {
      this.#lastCache = this.#cacheOf(weight, boost);
      this.#lastBoost = boost;
      this.#lastWeight = weight;
    }
    let found = this.#lastCache.get(term);
    if (found === undefined) {
      found = this.#compute(term, weight, boost);
      this.#lastCache.set(term, found);
    }
    return found;
  }

  chunkOf(postings: number): PostingsChunk {
    return this.#runs.chunkOf(postings);
  }

  startOf(postings: number): number {
    return this.#runs.startOf(postings);
  }

  endOf(postings: number): number {
    return this.#runs.endOf(postings);
  }

  #cacheOf(weight: number, boost: Readonly<Record<string, number>>): Map<string, number> {
    let byWeight = this.#caches.get(boost);
    if (byWeight === undefined) {
      byWeight = new Map();
      this.#caches.set(boost, byWeight);
    }
    let cache = byWeight.get(weight);
    if (cache === undefined) {
      cache = new Map();
      byWeight.set(weight, cache);
    }
    return cache;
  }

  #compute(term: string, weight: number, boost: Readonly<Record<string, number>>): number {
    const documentTerms = this.#documentTerms;
    const fieldSums = this.#fieldSums;
    const named = this.#named;
    const number = documentTerms.termNumber(term);
    const { documents } = documentTerms.postings;
    const first = documentTerms.postings.start(number);
    const length = documentTerms.postings.end(number) - first;
    const perField = this.#fieldIndex.postings(`${term}${TERM_END}`);
    // Every field a document has the term in is one of its terms' fields: the field
    // postings' documents are among the term's documents.
    for (let field = 0; field < this.#fields.length; field++) {
      const { ids, bm25 } = perField[field] as (typeof perField)[number];
      const fieldBoost = boost[this.#fields[field] as string] ?? 1;
      const naming = this.#naming[field] as boolean;
      for (let index = 0; index < ids.length; index++) {
        const id = ids[index] as number;
        fieldSums[id] = (fieldSums[id] as number) + (bm25[index] as number) * fieldBoost;
        if (naming) named[id] = 1;
      }
    }
    const postings = this.#runs.add(length);
    const { ids, totals, fieldScores, inName } = this.chunkOf(postings);
    const start = this.startOf(postings);
    for (let index = 0; index < length; index++) {
      const position = documents[first + index] as number;
      const id = position + 1;
      const fieldScore = fieldSums[id] as number;
      fieldSums[id] = 0;
      inName[start + index] = named[id] as number;
      named[id] = 0;
      ids[start + index] = id;
      fieldScores[start + index] = fieldScore;
      totals[start + index] =
        fieldScore + this.#documentBoost * weight * documentTerms.scoreAt(number, first + index);
    }
    return postings;
  }
}

/** Postings per shared chunk: a long list (over a quarter of this) has a chunk of its own. */
const chunkLength = 4096;

function newChunk(length: number): PostingsChunk {
  return {
    ids: new Int32Array(length),
    totals: new Float64Array(length),
    fieldScores: new Float64Array(length),
    inName: new Uint8Array(length),
  };
}
