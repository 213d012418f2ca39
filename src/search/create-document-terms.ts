/** BM25 parameters, as Orama takes them. */
export interface Bm25Parameters {
  k: number;
  b: number;
  d: number;
}

/** Term statistics of whole documents: every field's terms counted together. */
export interface DocumentTerms {
  /** How many documents there are. */
  readonly size: number;
  /** Whether document `id` has `term` in any field. */
  has(id: string, term: string): boolean;
  /** How many documents have `term`. */
  documentFrequency(term: string): number;
  /** BM25 of `term` over the whole of document `id`; 0 when it lacks the term. */
  score(id: string, term: string): number;
  /** The ids of the documents that have `term`, in the order the documents were given. */
  documentsWith(term: string): readonly string[];
}

/**
 * Whole-document term statistics of analyzed documents (`id` → terms of all
 * fields), scored with the same BM25 as Orama's field scores: term frequency
 * as a share of the document's length, and Orama's occurrence count (at most
 * the number of documents) in the inverse document frequency. Computed here
 * rather than indexed as one more Orama field, which doubled the index's
 * build time for the same scores.
 */
export function createDocumentTerms(
  documents: ReadonlyMap<string, readonly string[]>,
  relevance: Bm25Parameters,
): DocumentTerms {
  const counts = new Map<string, Map<string, number>>();
  const lengths = new Map<string, number>();
  const occurrences = new Map<string, number>();
  const frequencies = new Map<string, number>();
  const postings = new Map<string, string[]>();
  let totalLength = 0;
  for (const [id, terms] of documents) {
    const termCounts = new Map<string, number>();
    for (const term of terms) termCounts.set(term, (termCounts.get(term) ?? 0) + 1);
    for (const [term, count] of termCounts) {
      occurrences.set(term, (occurrences.get(term) ?? 0) + count);
      frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      const documents = postings.get(term);
      if (documents === undefined) postings.set(term, [id]);
      else documents.push(id);
    }
    counts.set(id, termCounts);
    lengths.set(id, terms.length);
    totalLength += terms.length;
  }
  const documentCount = documents.size;
  const averageLength = documentCount > 0 ? totalLength / documentCount : 0;
  const { k, b, d } = relevance;
  return {
    size: documentCount,
    has: (id, term) => counts.get(id)?.has(term) ?? false,
    documentFrequency: (term) => frequencies.get(term) ?? 0,
    documentsWith: (term) => postings.get(term) ?? [],
    score(id, term) {
      const count = counts.get(id)?.get(term);
      if (count === undefined) return 0;
      const length = lengths.get(id) as number;
      // Orama counts occurrences, which can exceed the documents and turn the idf negative.
      const matching = Math.min(occurrences.get(term) as number, documentCount);
      const frequency = count / length;
      const idf = Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5));
      return (
        (idf * (d + frequency * (k + 1))) / (frequency + k * (1 - b + (b * length) / averageLength))
      );
    },
  };
}
