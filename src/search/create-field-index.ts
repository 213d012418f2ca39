import {
  type AnyOrama,
  create,
  insertMultiple,
  load,
  type Orama,
  type RawData,
  save,
  type Tokenizer,
} from '@orama/orama';
import { index as oramaIndex } from '@orama/orama/components';
import type { Bm25Parameters } from './create-document-terms.js';
import type { NumberedRuns } from './create-field-term-numbering.js';
import { createPostings, type Postings } from './create-postings.js';
import type { TermSets } from './create-term-sets.js';

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

/** The parts of Orama's index data read for scoring (`orama.data.index`). */
interface IndexData {
  indexes: Record<
    string,
    {
      node: {
        find(params: {
          term: string;
          exact: boolean;
          tolerance: number;
        }): Record<string, Iterable<number>>;
      };
    }
  >;
  frequencies: Record<string, Record<number, Record<string, number> | undefined>>;
  tokenOccurrences: Record<string, Record<string, number>>;
  fieldLengths: Record<string, Record<number, number | undefined>>;
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
 * Orama stores the documents and their field lengths as it inserts them; the
 * documents' texts and the rest of its term statistics (per-document term frequencies, occurrence
 * counts and each field's radix tree: an object per tool and field, a tree
 * node per term, most of the index's heap and half its build time) are kept
 * instead as term counts and postings in typed arrays (`createTermSets`,
 * `createPostings`), from which the same BM25 is computed, and are written
 * into Orama's data only when the index is saved, exactly as Orama's insert
 * (with each field's terms counted once, where Orama's default rescans the
 * field for every occurrence: one 128 KB description took 25 s) would have
 * written them, so a saved index is what Orama itself would save. The
 * documents' tokens come numbered (`tokens`): the texts, which only a saved
 * index reads, are written then too, until then Orama stores each document's id.
 */
export async function createFieldIndex(
  fields: readonly string[],
  ids: readonly string[],
  tokenizer: Tokenizer,
  relevance: Bm25Parameters,
  tokens: NumberedTokens,
): Promise<FieldIndex> {
  const { tokenNumber, fields: numberedFields, sets: fieldSets, text } = tokens;
  const documents: Record<string, string>[] = ids.map((id) => ({ id }));
  const lengthsOf = new Map(fields.map((field, index) => [field, numberedFields[index]]));
  const database = createDatabase(fields, tokenizer, (prop, internalId) => {
    const starts = lengthsOf.get(prop)?.starts;
    return starts === undefined
      ? 0
      : (starts[internalId] as number) - (starts[internalId - 1] as number);
  });
  await insertMultiple(database as Orama<Record<string, 'string'>>, documents as never[]);
  const counts = new Map<string, TermSets>();
  const documentsOf = new Map<string, Postings>();
  for (const [index, field] of fields.entries()) {
    const sets = fieldSets[index] as TermSets;
    counts.set(field, sets);
    documentsOf.set(field, createPostings(sets));
  }
  // The empty frequency objects Orama's insert made for each document and field are let go.
  const data = database.data.index as unknown as IndexData;
  for (const field of fields) data.frequencies[field] = {};
  let completed = false;
  return fieldIndexOf(database, fields, relevance, {
    find(prop, token) {
      const number = tokenNumber(token);
      const positions = documentsOf.get(prop)?.documentsWith(number);
      if (positions === undefined || positions.length === 0) return {};
      return { [token]: positions.map((position) => position + 1) };
    },
    // Read once per field and token, when the token's postings are first scored.
    occurrences(prop, token) {
      const number = tokenNumber(token);
      const sets = counts.get(prop);
      if (number < 0 || sets === undefined) return 0;
      let occurrences = 0;
      for (const position of documentsOf.get(prop)?.documentsWith(number) ?? []) {
        occurrences += sets.counts[sets.slot(position, number)] as number;
      }
      return occurrences;
    },
    termFrequency(prop, internalId, token) {
      const sets = counts.get(prop);
      const number = tokenNumber(token);
      if (sets === undefined || number < 0) return 0;
      const slot = sets.slot(internalId - 1, number);
      return slot < 0
        ? 0
        : (sets.counts[slot] as number) / (data.fieldLengths[prop]?.[internalId] as number);
    },
    complete() {
      if (completed) return;
      completed = true;
      for (const [position, document] of documents.entries()) {
        for (const [index, field] of fields.entries()) document[field] = text(index, position);
      }
      writeTermStatistics(database, fields, tokenizer);
    },
  });
}

/** The tokens of every document's fields, numbered (`createFieldTermNumbering`), as the tokenizer gives them. */
export interface NumberedTokens {
  /** The number of a token, or -1 when no document has it. */
  tokenNumber(token: string): number;
  /** Each field's token numbers, in the order of the fields. */
  fields: readonly NumberedRuns[];
  /** Each field's term sets of those numbers (`createTermSets`). */
  sets: readonly TermSets[];
  /** The text of a field (by its position in the fields) of a document (by position) that the tokenizer splits into its tokens. */
  text(field: number, document: number): string;
}

/** Where the field index reads a field's postings and term frequencies, and what saving needs first. */
interface FieldStatistics {
  /** The documents (internal ids, ascending) of each indexed word matching `token`, as Orama's tree finds them. */
  find(prop: string, token: string): Record<string, Iterable<number>>;
  /** Orama's occurrence count of `token` in a field: its occurrences in every document. */
  occurrences(prop: string, token: string): number;
  /** The term frequency (occurrences ÷ field length) of `token` in a document's field. */
  termFrequency(prop: string, internalId: number, token: string): number;
  /** Writes what Orama's data lacks until the index is saved or its documents read. */
  complete(): void;
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
      const tree = data.indexes[prop]?.node as unknown as {
        insert(word: string, id: number): void;
      };
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
 * Loads an index that `FieldIndex.save` wrote, for the same `fields` and
 * `tokenizer`: Orama's tree and term statistics are read back rather than
 * rebuilt, so scores are the same to the bit.
 */
export function loadFieldIndex(
  fields: readonly string[],
  raw: RawData,
  tokenizer: Tokenizer,
  relevance: Bm25Parameters,
): FieldIndex {
  const database = createDatabase(fields, tokenizer);
  load(database, raw);
  const data = database.data.index as unknown as IndexData;
  return fieldIndexOf(database, fields, relevance, {
    find: (prop, token) =>
      data.indexes[prop]?.node.find({ term: token, exact: false, tolerance: 0 }) ?? {},
    occurrences(prop, token) {
      const occurrences = data.tokenOccurrences[prop]?.[token];
      return typeof occurrences === 'number' ? occurrences : 0;
    },
    termFrequency: (prop, internalId, token) => data.frequencies[prop]?.[internalId]?.[token] ?? 0,
    complete() {},
  });
}

/**
 * An empty Orama database over string `fields`; with `lengthOf` (a field's
 * number of tokens in a document, by internal id), documents are inserted
 * before their texts are written (each an id) and its insert writes only the
 * field lengths Orama scores with, without tokenizing: the tokens are counted
 * elsewhere, instead of in Orama's frequencies, occurrence counts and tree.
 */
function createDatabase(
  fields: readonly string[],
  tokenizer: Tokenizer,
  lengthOf?: (prop: string, internalId: number) => number,
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
      index:
        lengthOf === undefined
          ? component
          : {
              ...component,
              // Orama's insert of a string field, which would tokenize it and write its
              // frequencies, occurrence counts and tree, writes only its length.
              insert(
                implementation,
                index,
                prop,
                id,
                internalId,
                value,
                schemaType,
                language,
                tokenizer,
                docsCount,
                options,
              ) {
                const tree = (index as unknown as IndexData).indexes[prop] as
                  | (IndexData['indexes'][string] & { type?: string })
                  | undefined;
                if (tree?.type !== 'Radix' || typeof value !== 'string') {
                  return component.insert(
                    implementation,
                    index,
                    prop,
                    id,
                    internalId,
                    value,
                    schemaType,
                    language,
                    tokenizer,
                    docsCount,
                    options,
                  );
                }
                // Orama reads only the number of tokens here.
                const tokens = {
                  length: lengthOf(prop, internalId as unknown as number),
                } as unknown as string[];
                implementation.insertDocumentScoreParameters(
                  index,
                  prop,
                  internalId,
                  tokens,
                  docsCount,
                );
              },
            },
    },
    // Results are ordered by score here, never by a field: no sort index to build.
    sort: { enabled: false },
  });
}

/** The `FieldIndex` of a database whose documents are all inserted. */
function fieldIndexOf(
  database: AnyOrama,
  fields: readonly string[],
  relevance: Bm25Parameters,
  { find, occurrences, termFrequency, complete }: FieldStatistics,
): FieldIndex {
  const data = database.data.index as unknown as IndexData;
  const idOf = (database.internalDocumentIDStore as { internalIdToId: string[] }).internalIdToId;
  const documentCount = idOf.length;
  const { k, b, d } = relevance;
  /** Orama's `calculateResultScores` for one token in one field, without the boost. */
  const postingsOf = (prop: string, token: string): TokenScores => {
    if (data.indexes[prop] === undefined) return noPostings;
    const averageLength = data.avgFieldLength[prop] as number;
    const lengths = data.fieldLengths[prop] as Record<number, number | undefined>;
    const ids: number[] = [];
    const scores: number[] = [];
    const found = find(prop, token);
    for (const word of Object.keys(found)) {
      const matching = occurrences(prop, word);
      const idf = Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5));
      for (const internalId of found[word] as Iterable<number>) {
        const tf = termFrequency(prop, internalId, word);
        const length = lengths[internalId] as number;
        ids.push(internalId);
        scores.push((idf * (d + tf * (k + 1))) / (tf + k * (1 - b + (b * length) / averageLength)));
      }
    }
    return ids.length === 0
      ? noPostings
      : { ids: Int32Array.from(ids), bm25: Float64Array.from(scores) };
  };

  return {
    // Read once per term by the ranker, which keeps what it makes of them.
    postings: (token) => fields.map((prop) => postingsOf(prop, token)),
    documentId: (internalId) => idOf[internalId - 1] as string,
    documents: () => {
      complete();
      return idOf.map(
        (_, position) =>
          (database.data.docs as { docs: Record<number, unknown> }).docs[position + 1] as {
            id: string;
          } & Record<string, string>,
      );
    },
    save: () => {
      complete();
      return save(database);
    },
  };
}
