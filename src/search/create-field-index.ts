import {
  type AnyOrama,
  create,
  insertMultiple,
  type Orama,
  type RawData,
  save,
  type Tokenizer,
} from '@orama/orama';
import { index as oramaIndex } from '@orama/orama/components';
import type { CountedPostings } from './count-postings.js';
import type { Bm25Parameters } from './create-document-terms.js';
import type { NumberedRuns } from './create-field-term-numbering.js';

/** An Orama index over string fields that scores queries without fetching documents. */
export interface FieldIndex {
  /** A token's postings (as the tokenizer gives it) in each field, in the order of the fields. */
  postings(token: string): readonly TokenScores[];
  /** The id of the document with an internal id. */
  documentId(internalId: number): string;
  /** The documents, as they were given, in insertion order. */
  documents(): readonly ({ id: string } & Record<string, string>)[];
  /** Orama's own serialization of the index (`save`), for `loadFieldIndex`. */
  save(): RawData;
}

/** One token's postings in one field: the documents Orama finds for it and their unboosted BM25. */
export interface TokenScores {
  readonly ids: Int32Array;
  readonly bm25: Float64Array;
}

/** The postings of a token a field does not have. */
const noPostings: TokenScores = { ids: new Int32Array(0), bm25: new Float64Array(0) };

/** The parts of Orama's index data read or written here (`orama.data.index`). */
interface IndexData {
  indexes: Record<
    string,
    {
      node: { insert(word: string, id: number): void };
    }
  >;
  frequencies: Record<string, Record<number, Record<string, number> | undefined>>;
  tokenOccurrences: Record<string, Record<string, number>>;
  avgFieldLength: Record<string, number>;
}

/**
 * Builds an Orama index of the documents `ids` (each with one analyzed text per
 * field, `tokens`) and gives a token's postings in each field with Orama's own BM25 over
 * Orama's own term statistics, exactly as `search()` computes them, but as
 * typed arrays by internal id: `search()` also sorts every hit, fetches and
 * copies every matching document and allocates per hit, which dominated a
 * search over a large catalog, where the ranker only keeps a bounded pool of
 * the best. Postings are computed when asked for; the ranker keeps what it
 * makes of them (`createTermPostings`).
 *
 * The index is Orama's, made when it is first saved or its documents read:
 * scoring reads only term counts and postings in typed arrays
 * (`countPostings`) and the field lengths and their
 * averages, from which the same BM25 is computed. Then the documents are
 * inserted, and their texts, per-document term frequencies, occurrence counts
 * and each field's radix tree (an object per tool and field, a tree node per
 * term, most of an Orama index's heap and half its build time) written exactly
 * as Orama's insert (with each field's terms counted once, where Orama's
 * default rescans the field for every occurrence: one 128 KB description took
 * 25 s) would have written them, so a saved index is what Orama itself would
 * save. The documents' tokens come numbered (`tokens`).
 */
export function createFieldIndex(
  fields: readonly string[],
  ids: readonly string[],
  tokenizer: Tokenizer,
  relevance: Bm25Parameters,
  tokens: NumberedTokens,
): FieldIndex {
  const { fields: numberedFields, text } = tokens;
  const lengthOf = (field: number, position: number): number => {
    const starts = (numberedFields[field] as NumberedRuns).starts;
    return (starts[position + 1] as number) - (starts[position] as number);
  };
  // Orama's own running average (`insertDocumentScoreParameters`), in insertion order, so scores
  // are the same to the bit as those of an index Orama built.
  const averageLengths: Record<string, number> = {};
  for (const [field, name] of fields.entries()) {
    averageLengths[name] = runningAverageLength(
      (numberedFields[field] as NumberedRuns).starts,
      ids.length,
    );
  }
  // Orama's database is made only when the index is saved or its documents read: scoring reads
  // none of it, and inserting every document was a tenth of a cold request that searches.
  let database: AnyOrama | undefined;
  let documents: Document[] = [];
  const complete = (): AnyOrama => {
    if (database !== undefined) return database;
    const fieldOf = new Map(fields.map((field, index) => [field, index]));
    const built = createDatabase(fields, tokenizer, (prop, internalId) => {
      const field = fieldOf.get(prop);
      return field === undefined ? 0 : lengthOf(field, internalId - 1);
    });
    const inserted: Record<string, string>[] = ids.map((id) => ({ id }));
    insertMultiple(built as Orama<Record<string, 'string'>>, inserted as never[]);
    for (const [position, document] of inserted.entries()) {
      for (const [index, field] of fields.entries()) document[field] = text(index, position);
    }
    writeTermStatistics(built, fields, tokenizer);
    documents = inserted as Document[];
    database = built;
    return built;
  };
  return fieldIndexOf(fields, relevance, tokens, {
    ids,
    averageLengths,
    documents: () => {
      complete();
      return documents;
    },
    save: () => save(complete()),
  });
}

/**
 * The average of the first `count` runs' lengths (`starts`), taken as Orama's insert takes it,
 * one document at a time. A module function, not a closure made per build, whose optimized
 * code a full collection would drop.
 */
function runningAverageLength(starts: Int32Array, count: number): number {
  let average = 0;
  for (let position = 0; position < count; position++) {
    const length = (starts[position + 1] as number) - (starts[position] as number);
    average = (average * position + length) / (position + 1);
  }
  return average;
}

/** The tokens of every document's fields, numbered (`createFieldTermNumbering`), as the tokenizer gives them. */
export interface NumberedTokens extends ScoredTokens {
  /** The text of a field (by its position in the fields) of a document (by position) that the tokenizer splits into its tokens. */
  text(field: number, document: number): string;
}

/** What scoring reads of the documents' numbered tokens. */
export interface ScoredTokens {
  /** The number of a token, or -1 when no document has it. */
  tokenNumber(token: string): number;
  /** Each field's token numbers, in the order of the fields. */
  fields: readonly NumberedRuns[];
  /** Each number's postings, counted in each field (`countPostings`, fields in their order). */
  postings: CountedPostings;
}

type Document = { id: string } & Record<string, string>;

/** Where a field index reads what its tokens' numbering does not hold, and how it saves. */
interface FieldIndexSource {
  /** Each document's id, by internal id - 1. */
  ids: readonly string[];
  /** Each field's average length over the documents, as Orama computed it when inserting them. */
  averageLengths: Record<string, number>;
  documents(): readonly Document[];
  save(): RawData;
}

/**
 * Writes Orama's per-document term frequencies, occurrence counts and radix
 * trees of every field, as Orama's insert (with terms counted once) would have: the same
 * terms in the same order, so a saved index is what Orama itself would save.
 */
function writeTermStatistics(database: AnyOrama, fields: readonly string[], tokenizer: Tokenizer) {
  const data = database.data.index as unknown as IndexData;
  const docs = (database.data.docs as { docs: Record<number, Record<string, unknown> | undefined> })
    .docs;
  const count = (database.internalDocumentIDStore as { internalIdToId: string[] }).internalIdToId
    .length;
  for (const prop of fields) {
    const byDocument = data.frequencies[prop] as Record<number, Record<string, number>>;
    for (let internalId = 1; internalId <= count; internalId++) {
      const value = docs[internalId]?.[prop];
      if (typeof value !== 'string') continue;
      const frequencies: Record<string, number> = {};
      byDocument[internalId] = frequencies;
      const tokens = tokenizer.tokenize(value, tokenizer.language, prop, false);
      const tree = data.indexes[prop]?.node as IndexData['indexes'][string]['node'];
      const occurrences = data.tokenOccurrences[prop] as Record<string, number>;
      for (const [token, count] of countTokens(tokens)) {
        frequencies[token] = count / tokens.length;
        occurrences[token] = (occurrences[token] ?? 0) + count;
        tree.insert(token, internalId);
      }
    }
  }
}

/** Each distinct token with its number of occurrences, in order of first occurrence. */
function countTokens(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

/**
 * Loads an index that `FieldIndex.save` wrote, for the same `fields`, with
 * `numberTokens` numbering its documents' texts: it scores from the same
 * typed arrays as a built index, with the saved average field lengths, so
 * scores are the same to the bit. Orama's trees and term statistics in the
 * data (what a built index writes only when saved) are never read: reading
 * them back cost as much as building the index again. Saving the loaded index
 * gives back `raw` itself. `undefined` when `raw` is not such an index: a
 * document, field text, field length or average missing, or a field length
 * other than its text's number of tokens.
 */
export function loadFieldIndex(
  fields: readonly string[],
  raw: RawData,
  relevance: Bm25Parameters,
  numberTokens: (documents: readonly Document[]) => ScoredTokens,
): FieldIndex | undefined {
  const { internalDocumentIDStore, docs, index } = raw as unknown as Partial<SavedData>;
  const ids = internalDocumentIDStore?.internalIdToId;
  const saved = docs?.docs;
  const averageLengths = index?.avgFieldLength;
  const savedLengths = index?.fieldLengths;
  if (
    !Array.isArray(ids) ||
    !isObject(saved) ||
    !isObject(averageLengths) ||
    !isObject(savedLengths)
  ) {
    return undefined;
  }
  const documents: Document[] = [];
  for (let internalId = 1; internalId <= ids.length; internalId++) {
    const document = saved[internalId];
    if (!isObject(document) || typeof document.id !== 'string') return undefined;
    for (const field of fields) if (typeof document[field] !== 'string') return undefined;
    documents.push(document as Document);
  }
  for (const field of fields) {
    if (typeof averageLengths[field] !== 'number' || !isObject(savedLengths[field])) {
      return undefined;
    }
  }
  const tokens = numberTokens(documents);
  for (const [index, field] of fields.entries()) {
    const starts = tokens.fields[index]?.starts;
    const lengths = savedLengths[field] as Record<number, unknown>;
    for (let position = 0; position < documents.length; position++) {
      const length = (starts?.[position + 1] as number) - (starts?.[position] as number);
      if (lengths[position + 1] !== length) return undefined;
    }
  }
  return fieldIndexOf(fields, relevance, tokens, {
    ids,
    averageLengths: averageLengths as Record<string, number>,
    documents: () => documents,
    save: () => raw,
  });
}

/** The parts of Orama's saved data (`save`) a loaded index reads. */
interface SavedData {
  internalDocumentIDStore: { internalIdToId: unknown };
  docs: { docs: unknown };
  index: { avgFieldLength: unknown; fieldLengths: unknown };
}

function isObject(value: unknown): value is Record<string | number, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * An empty Orama database over string `fields` whose documents are inserted
 * before their texts are written (each an id): its insert writes only the
 * field lengths Orama scores with (`lengthOf`: a field's number of tokens in a
 * document, by internal id), without tokenizing; the tokens are counted
 * elsewhere, instead of in Orama's frequencies, occurrence counts and tree.
 */
function createDatabase(
  fields: readonly string[],
  tokenizer: Tokenizer,
  lengthOf: (prop: string, internalId: number) => number,
): AnyOrama {
  const component = oramaIndex.createIndex();
  const textStandIns = Object.fromEntries(fields.map((field) => [field, '']));
  return create({
    // `id` stays out of the schema: Orama takes it as the document id without indexing it.
    schema: Object.fromEntries(fields.map((field) => [field, 'string' as const])),
    components: {
      tokenizer,
      // Documents are inserted before their texts are written: Orama checks that each field is
      // a string and hands it to the insert, which reads only its length (`lengthOf`).
      getDocumentProperties: () => textStandIns,
      validateSchema: () => undefined,
      index: {
        ...component,
        // Orama's insert of a string field, which would tokenize it and write its
        // frequencies, occurrence counts and tree, writes only its length.
        insert(...args) {
          const [implementation, index, prop, , internalId, value, , , , docsCount] = args;
          const tree = (index as unknown as IndexData).indexes[prop] as
            | (IndexData['indexes'][string] & { type?: string })
            | undefined;
          if (tree?.type !== 'Radix' || typeof value !== 'string') {
            return component.insert(...args);
          }
          // Orama reads only the number of tokens here.
          const tokens = {
            length: lengthOf(prop, internalId as unknown as number),
          } as unknown as string[];
          implementation.insertDocumentScoreParameters(index, prop, internalId, tokens, docsCount);
        },
      },
    },
    // Results are ordered by score here, never by a field: no sort index to build.
    sort: { enabled: false },
  });
}

/**
 * The `FieldIndex` of numbered documents: each token's postings with Orama's
 * own BM25 (`calculateResultScores`, without the boost), from its documents
 * and its counts in each of their fields (`countPostings`).
 */
function fieldIndexOf(
  fields: readonly string[],
  relevance: Bm25Parameters,
  { tokenNumber, fields: runs, postings }: ScoredTokens,
  { ids, averageLengths, documents, save }: FieldIndexSource,
): FieldIndex {
  const documentCount = ids.length;
  const { k, b, d } = relevance;
  const postingsOf = (field: number, token: string): TokenScores => {
    const number = tokenNumber(token);
    const start = postings.start(number);
    const end = postings.end(number);
    // Orama's occurrence count: the token's occurrences in every document's field.
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
    const averageLength = averageLengths[fields[field] as string] as number;
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
    documentId: (internalId) => ids[internalId - 1] as string,
    documents,
    save,
  };
}
