import type { CountedPostings } from './count-postings.js';
import type { Bm25Parameters } from './create-document-terms.js';
import type { NumberedRuns } from './create-field-term-numbering.js';

/**
 * The default ranker's field index: each term's postings in each field with
 * their BM25, computed from typed arrays the index owns. In memory only: it is
 * built per catalog and cached by content, never saved.
 */
export interface FieldIndex {
  /** A token's postings (a term marked at its end, `TERM_END`) in each field, in the order of the fields. */
  postings(token: string): readonly TokenScores[];
}

/** One token's postings in one field: its documents by internal id and their unboosted BM25. */
export interface TokenScores {
  readonly ids: Int32Array;
  readonly bm25: Float64Array;
}

/** What scoring reads of the documents' numbered tokens. */
export interface ScoredTokens {
  /** The number of a token, or -1 when no document has it. */
  tokenNumber(token: string): number;
  /** Each field's token numbers, in the order of the fields (`createFieldTermNumbering`). */
  fields: readonly NumberedRuns[];
  /** Each number's postings, counted in each field (`countPostings`, fields in their order). */
  postings: CountedPostings;
}

/** The postings of a token a field does not have. */
const noPostings: TokenScores = { ids: new Int32Array(0), bm25: new Float64Array(0) };

/**
 * The field index of `documentCount` documents (internal id = position + 1), whose
 * fields' tokens come numbered and counted (`tokens`). A token's postings in a
 * field are computed when asked for (the ranker keeps what it makes of them,
 * `createTermPostings`), with BM25 as Orama 3 scores a string field
 * (`calculateResultScores` without the boost), which this index replaced:
 *
 * - term frequency: the token's count in the field ÷ the field's length in tokens;
 * - idf: ln(1 + (N − n + 0.5) / (n + 0.5)), where N is the number of documents and n the
 *   token's occurrences in the field over every document (Orama counts occurrences, not
 *   documents);
 * - score: idf × (d + tf × (k + 1)) / (tf + k × (1 − b + b × length / average length)),
 *   the average being a running one, taken document by document in id order as Orama's
 *   insert takes it, so scores are the same to the bit as those of the Orama index.
 *
 * @example
 * const index = createFieldIndex(['name'], 1, { k: 1.2, b: 0.35, d: 0.5 }, tokens);
 * const [name] = index.postings('send$');
 */
export function createFieldIndex(
  fields: readonly string[],
  documentCount: number,
  relevance: Bm25Parameters,
  { tokenNumber, fields: runs, postings }: ScoredTokens,
): FieldIndex {
  const { k, b, d } = relevance;
  const averageLengths = runs.map(({ starts }) => runningAverageLength(starts, documentCount));
  const postingsOf = (field: number, token: string): TokenScores => {
    const number = tokenNumber(token);
    const start = postings.start(number);
    const end = postings.end(number);
    // The token's occurrences in every document's field, and the documents that have it.
    let matching = 0;
    let found = 0;
    for (let index = start; index < end; index++) {
      const count = postings.fieldCount(index, field);
      matching += count;
      if (count > 0) found++;
    }
    if (found === 0) return noPostings;
    const { documents } = postings;
    const { starts } = runs[field] as NumberedRuns;
    const averageLength = averageLengths[field] as number;
    const idf = Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5));
    const bm25 = new Float64Array(found);
    const internalIds = new Int32Array(found);
    for (let index = start, at = 0; index < end; index++) {
      const count = postings.fieldCount(index, field);
      if (count === 0) continue;
      const position = documents[index] as number;
      const length = (starts[position + 1] as number) - (starts[position] as number);
      const tf = count / length;
      internalIds[at] = position + 1;
      bm25[at++] = (idf * (d + tf * (k + 1))) / (tf + k * (1 - b + (b * length) / averageLength));
    }
    return { ids: internalIds, bm25 };
  };
  return {
    // Read once per term by the ranker, which keeps what it makes of them.
    postings: (token) => fields.map((_, field) => postingsOf(field, token)),
  };
}

/**
 * The average of the first `count` runs' lengths (`starts`), taken one
 * document at a time as a running average (Orama's `insertDocumentScoreParameters`),
 * whose rounding the scores keep. A module function, not a closure made per
 * build, whose optimized code a full collection would drop.
 */
function runningAverageLength(starts: Int32Array, count: number): number {
  let average = 0;
  for (let position = 0; position < count; position++) {
    const length = (starts[position + 1] as number) - (starts[position] as number);
    average = (average * position + length) / (position + 1);
  }
  return average;
}
