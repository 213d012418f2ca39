import type { RawData } from '@orama/orama';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { sortById } from '../catalog/sort-by-id.js';
import { describeFoundValue } from '../error/describe-found-value.js';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { SearchIndexSnapshotDamagedError } from '../error/search-index-snapshot-damaged-error.js';
import { stableHash } from '../util/stable-hash.js';
import type { WordVectors } from '../vectors/word-vectors.js';
import { type CountedPostings, countPostings } from './count-postings.js';
import { createFieldIndex, type FieldIndex, loadFieldIndex } from './create-field-index.js';
import {
  createFieldTermNumbering,
  type FieldTermNumbers,
  type NumberedRuns,
} from './create-field-term-numbering.js';
import { findOccurrenceDamage, findSavedIndexDamage } from './find-saved-index-damage.js';
import { loadPackageWordVectors } from './load-package-word-vectors.js';
import type { Ranker, SearchIndex } from './ranker.js';
import {
  RANKING_PARAMETERS,
  type RankingParameterOverrides,
  type RankingParameters,
  resolveRankingParameters,
} from './ranking-parameters.js';
import { relatedTerms } from './related-terms.js';
import { type RankerSettings, searchIndexOf } from './search-index-of.js';
import { markedText, TERM_END, termTokenizer, unmarkedTerms } from './term-tokenizer.js';
import { createToolFieldNumbering, TOOL_FIELDS, type ToolField } from './tool-field-terms.js';

type Field = ToolField;
/** In this order the field index sums scores and Orama lays out its schema. */
const fields: readonly Field[] = TOOL_FIELDS;
export interface OramaRankerOptions {
  /** Extra synonym groups, added to the built-in software vocabulary. @default [] */
  synonyms?: readonly (readonly string[])[];
  /**
   * Ranking parameters to use instead of `RANKING_PARAMETERS` (from
   * `tool-disclosure/eval`), merged onto them: objects field by field, lists
   * whole. For evaluation (`tool-disclosure eval --cross-validate` runs the
   * ranker with other values); `relevanceFloor` and `synonyms` above take
   * precedence. @default {}
   */
  parameters?: RankingParameterOverrides;
  /**
   * The share of a short request's weight (by inverse document frequency, a
   * synonym or another form of a word counting half) that the best-matching
   * tool must match; below it the catalog probably has no such capability
   * and the results are marked `weak`. @default RANKING_PARAMETERS.relevanceFloor (0.4)
   */
  relevanceFloor?: number;
  /**
   * Word vectors for a request that shares no word, nor a synonym of one,
   * with any tool: its words then match the catalog's own words nearest to
   * them ("apartment" the tools that say "house"), and what
   * that finds is marked `weak` instead of nothing. By default the package's
   * table (`loadWordVectors()`, Node 22.3 or later) is read on the first such
   * request, once per process; other requests never read it and rank the same
   * with or without it. Where it cannot be read (edge runtimes, browsers) such
   * a request finds nothing. Pass a table of your own (on edge, `parseWordVectors`
   * of the fetched file), or `false` to search by words alone.
   * @default the package's table, read when first needed
   */
  wordVectors?: WordVectors | false;
}

/**
 * The default ranker: BM25 on Orama over identifier-aware, stemmed fields
 * with per-field boosts, a general software vocabulary, exact-identifier
 * matches first, and a relevance floor below which matches are marked weak.
 * A request no tool shares a word with is read through word vectors (see
 * `wordVectors`), and what that finds is marked weak; without them, it
 * returns nothing.
 *
 * @example
 * const index = await createOramaRanker().createIndex(authorized.entries);
 * const results = await index.search('send an email', 10);
 */
export function createOramaRanker(options: OramaRankerOptions = {}): Ranker {
  return createOramaRankerWith(options, loadPackageWordVectors);
}

/**
 * `createOramaRanker`, with `loadTable` reading the table used when no
 * `wordVectors` are given: it resolves `undefined` where there is none, and
 * never rejects. Internal: tests see through it which requests read the table.
 */
export function createOramaRankerWith(
  { synonyms = [], relevanceFloor, wordVectors, parameters: overrides = {} }: OramaRankerOptions,
  loadTable: () => Promise<WordVectors | undefined>,
): Ranker {
  const settings = rankerSettingsOf(
    { synonyms, relevanceFloor, wordVectors, parameters: overrides },
    loadTable,
  );
  const tuned = Object.keys(overrides).length > 0;
  const floor = relevanceFloor ?? defaultRelevanceFloor;
  const customized = synonyms.length > 0 || floor !== defaultRelevanceFloor || tuned;
  // Indexes are cached by ranker name, so a customised ranker must not share the default's,
  // nor a ranker with a table of its own or none the one that reads the package's.
  const customization = tuned ? [synonyms, floor, overrides] : [synonyms, floor];
  const base = customized
    ? `default:${stableHash(JSON.stringify(customization)).slice(0, 8)}`
    : 'default';
  return {
    name:
      wordVectors === undefined
        ? base
        : wordVectors === false
          ? `${base}+lexical`
          : `${base}+vectors`,
    createIndex: async (entries) => buildIndex(entries, settings),
    saveIndex,
    loadIndex: async (data, entries) => loadIndex(data, entries, settings),
  };
}

/** What a ranker's indexes share: its parameters, vocabulary bridges and word vectors. */
function rankerSettingsOf(
  { synonyms = [], relevanceFloor, wordVectors, parameters: overrides }: OramaRankerOptions,
  loadTable: () => Promise<WordVectors | undefined>,
): RankerSettings {
  const resolved = resolveRankingParameters(overrides);
  // The option's floor, as given, over the parameters'.
  const parameters: RankingParameters =
    relevanceFloor === undefined || relevanceFloor === resolved.relevanceFloor
      ? resolved
      : Object.freeze({ ...resolved, relevanceFloor });
  return {
    parameters,
    related: relatedTerms([...parameters.synonyms, ...synonyms]),
    loadWordVectors:
      wordVectors === false
        ? undefined
        : wordVectors === undefined
          ? loadTable
          : async () => wordVectors,
  };
}

/** A saved document: its id and each field's marked text (`markedText`). */
type Document = { id: string } & Record<Field, string>;

async function buildIndex(
  input: readonly CatalogEntry[],
  settings: RankerSettings,
): Promise<SearchIndex> {
  return indexOfTerms(analyzeToolTerms(input), settings);
}

/**
 * The tools of a catalog sorted by canonical id, and their fields' terms, numbered and counted:
 * what any default ranker's index of them is built from, whatever its parameters (but the
 * process-wide filler words and index bounds). Internal, for evaluation: an index built from
 * them (`createOramaIndexOfTerms`) ranks as one the ranker builds itself.
 */
export interface ToolTerms {
  readonly entries: readonly CatalogEntry[];
  readonly numbered: FieldTermNumbers;
  readonly postings: CountedPostings;
}

/** The `ToolTerms` of `input`, as an index build analyzes them. Internal, for evaluation. */
export function analyzeToolTerms(input: readonly CatalogEntry[]): ToolTerms {
  const entries = sortById(input);
  const numbering = createFieldTermNumbering(fields.length);
  const tools = createToolFieldNumbering(numbering);
  for (const entry of entries) tools.add(entry);
  const numbered = numbering.numbers();
  return { entries, numbered, postings: postingsOf(numbered, entries.length) };
}

/**
 * The index `createOramaRanker(options)` builds of the tools `terms` were analyzed from, built
 * from them: many parameters' indexes of one catalog share its analysis. Internal, for
 * evaluation (`eval --cross-validate`).
 */
export function createOramaIndexOfTerms(
  options: OramaRankerOptions,
  terms: ToolTerms,
): SearchIndex {
  return indexOfTerms(terms, rankerSettingsOf(options, loadPackageWordVectors));
}

function indexOfTerms(
  { entries, numbered, postings }: ToolTerms,
  settings: RankerSettings,
): SearchIndex {
  const ids = entries.map((entry) => entry.id);
  const fieldIndex = createFieldIndex(fields, ids, termTokenizer(), settings.parameters.bm25, {
    tokenNumber: (token) => markedTermNumber(numbered, token),
    fields: numbered.fields,
    postings,
    text: (field, position) => {
      const { values, starts } = numbered.fields[field] as NumberedRuns;
      const terms: string[] = [];
      for (let slot = starts[position] as number; slot < (starts[position + 1] as number); slot++) {
        terms.push(numbered.terms[values[slot] as number] as string);
      }
      return markedText(terms);
    },
  });
  return indexOver(entries, fieldIndex, settings, numbered, postings);
}

/** The postings of `documentCount` documents, counted in each field. */
function postingsOf(
  { fields: runs, terms }: FieldTermNumbers,
  documentCount: number,
): CountedPostings {
  return countPostings(runs, documentCount, terms.length);
}

/** The terms of `documents`' fields (`markedText`), numbered as a build numbers them. */
function numberDocuments(documents: readonly Document[]): FieldTermNumbers {
  const numbering = createFieldTermNumbering(fields.length);
  // Tools share many texts (a namespace's service description), mostly with the tool before them
  // (ids sort by namespace): each distinct text is split and numbered once.
  const numbersOf = new Map<string, Int32Array>();
  const previous: string[] = [];
  const document: Int32Array[] = [];
  for (const saved of documents) {
    for (let index = 0; index < fields.length; index++) {
      const text = saved[fields[index] as Field];
      if (text === previous[index]) continue;
      previous[index] = text;
      let numbers = numbersOf.get(text);
      if (numbers === undefined) {
        const terms = unmarkedTerms(text);
        numbers = new Int32Array(terms.length);
        for (let slot = 0; slot < terms.length; slot++) {
          numbers[slot] = numbering.number(terms[slot] as string);
        }
        numbersOf.set(text, numbers);
      }
      document[index] = numbers;
    }
    numbering.addNumbers(document);
  }
  return numbering.numbers();
}

/** The number of a marked token's term (`markedText`), or -1 when no document has it. */
function markedTermNumber({ numbers }: FieldTermNumbers, token: string): number {
  if (!token.endsWith(TERM_END)) return -1;
  return numbers.get(token.slice(0, -TERM_END.length)) ?? -1;
}

/** What `saveIndex` writes: Orama's own serialization of the field index. */
interface SavedIndex {
  readonly ranker: 'default';
  readonly version: 1;
  readonly tools: number;
  readonly orama: RawData;
}

/** The field index behind each index this ranker built or loaded, for `saveIndex`. */
const fieldIndexes = new WeakMap<SearchIndex, FieldIndex>();

/** `searchIndexOf` over a field index, which `saveIndex` finds again by the index. */
function indexOver(...args: Parameters<typeof searchIndexOf>): SearchIndex {
  const index = searchIndexOf(...args);
  fieldIndexes.set(index, args[1]);
  return index;
}

function saveIndex(index: SearchIndex): SavedIndex {
  const fieldIndex = fieldIndexes.get(index);
  if (fieldIndex === undefined) {
    throw new InvalidOptionError({
      option: 'index',
      value: index,
      expected: 'an index built or loaded by the default ranker',
    });
  }
  return {
    ranker: 'default',
    version: 1,
    tools: fieldIndex.documents().length,
    orama: fieldIndex.save(),
  };
}

function loadIndex(
  data: unknown,
  input: readonly CatalogEntry[],
  settings: RankerSettings,
): SearchIndex {
  // The layout and counts first, in work bounded by the data: nothing is numbered before they pass.
  const damage = findSavedIndexDamage(data, input.length);
  if (damage !== undefined) throw damage;
  const saved = data as SavedIndex;
  const entries = sortById(input);
  const ids = (saved.orama as unknown as SavedIds).internalDocumentIDStore.internalIdToId;
  for (const [position, entry] of entries.entries()) {
    if (ids[position] !== entry.id) {
      throw new SearchIndexSnapshotDamagedError({
        path: `index.orama.internalDocumentIDStore.internalIdToId.${position}`,
        actual: ids[position],
        expected: `${describeFoundValue(entry.id)}, the tools indexed by canonical id in byte order`,
      });
    }
  }
  // The saved texts are numbered as a build numbers its analyzed terms, for scoring and the rest.
  let numbered: FieldTermNumbers | undefined;
  let postings: CountedPostings | undefined;
  const fieldIndex = loadFieldIndex(fields, saved.orama, settings.parameters.bm25, (documents) => {
    const terms = numberDocuments(documents as readonly Document[]);
    numbered = terms;
    postings = postingsOf(terms, documents.length);
    return {
      tokenNumber: (token) => markedTermNumber(terms, token),
      fields: terms.fields,
      postings,
    };
  });
  if (fieldIndex === undefined || numbered === undefined || postings === undefined) {
    throw new SearchIndexSnapshotDamagedError({
      path: 'index.orama',
      actual: saved.orama,
      expected: "Orama's saved index of the tools, as the default ranker saves it",
    });
  }
  const occurrences = findOccurrenceDamage(data, numbered);
  if (occurrences !== undefined) throw occurrences;
  return indexOver(entries, fieldIndex, settings, numbered, postings);
}

/** The part of Orama's saved data that lists the documents' ids, by internal id - 1. */
interface SavedIds {
  internalDocumentIDStore: { internalIdToId: readonly unknown[] };
}

/**
 * True for the names `createOramaRanker` (and `createWordVectorRanker`) give
 * their rankers, whose indexes are all saved alike: a snapshot of one of them
 * can be checked without loading it (`findSavedIndexDamage`).
 */
export function isDefaultRankerName(name: string): boolean {
  return /^default(?::[0-9a-f]{8})?(?:\+lexical|\+vectors)?$/.test(name);
}

const defaultRelevanceFloor = RANKING_PARAMETERS.relevanceFloor;
