/** A term of a vocabulary close to the one asked about, with their cosine similarity. */
export interface WordNeighbor {
  /** The vocabulary's term (an analyzed term, as `analyzeText` gives). */
  term: string;
  /** Cosine similarity to the term asked about, from -1 to 1. */
  similarity: number;
}

/** How many neighbours `nearest` returns, and how close they must be. */
export interface NearestWordsOptions {
  /**
   * The most neighbours to return.
   * @default 5
   */
  k?: number;
  /**
   * The least cosine similarity a neighbour needs. In the shipped table near-synonyms score
   * about 0.5 to 0.8 (boss and manager 0.51, gym and workout 0.58, picture and image 0.65, email
   * and mail 0.80) and unrelated words about 0.1 (picture and invoice); related words that are
   * not synonyms score high too (song and album 0.88), so this measures relatedness.
   * @default 0.5
   */
  minSimilarity?: number;
}
