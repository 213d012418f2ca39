import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { sortById } from '../catalog/sort-by-id.js';
import type { WordVectors } from '../vectors/word-vectors.js';
import { type CountedPostings, countPostings } from './count-postings.js';
import { createFieldIndex } from './create-field-index.js';
import { createFieldTermNumbering, type FieldTermNumbers } from './create-field-term-numbering.js';
import type { OramaRankerOptions } from './create-orama-ranker.js';
import { loadPackageWordVectors } from './load-package-word-vectors.js';
import type { SearchIndex } from './ranker.js';
import { type RankingParameters, resolveRankingParameters } from './ranking-parameters.js';
import { relatedTerms } from './related-terms.js';
import type { RankerSettings } from './search-index-of.js';
import { searchIndexOf } from './search-index-of.js';
import { TERM_END } from './term-tokenizer.js';
import { createToolFieldNumbering, TOOL_FIELDS, type ToolField } from './tool-field-terms.js';

/** In this order the field index sums scores. */
const fields: readonly ToolField[] = TOOL_FIELDS;

/**
 * The tools of a catalog sorted by canonical id, and their fields' terms, numbered and counted:
 * what any default ranker's index of them is built from, whatever its parameters (but the
 * process-wide filler words and index bounds). Internal, for evaluation: an index built from
 * them (`indexOfToolTerms`) ranks as one the ranker builds itself.
 */
export interface ToolTerms {
  readonly entries: readonly CatalogEntry[];
  readonly numbered: FieldTermNumbers;
  readonly postings: CountedPostings;
}

/** The `ToolTerms` of `input`, as an index build analyzes them. */
export function analyzeToolTerms(input: readonly CatalogEntry[]): ToolTerms {
  const entries = sortById(input);
  const numbering = createFieldTermNumbering(fields.length);
  const tools = createToolFieldNumbering(numbering);
  for (const entry of entries) tools.add(entry);
  const numbered = numbering.numbers();
  const postings = countPostings(numbered.fields, entries.length, numbered.terms.length);
  return { entries, numbered, postings };
}

/** The search index over analyzed tools: the field index over their terms, scored with `settings`. */
export function indexOfToolTerms(
  { entries, numbered, postings }: ToolTerms,
  settings: RankerSettings,
): SearchIndex {
  const fieldIndex = createFieldIndex(fields, entries.length, settings.parameters.bm25, {
    // Postings are asked for by marked term (`TERM_END`).
    tokenNumber: (token) =>
      token.endsWith(TERM_END)
        ? (numbered.numbers.get(token.slice(0, -TERM_END.length)) ?? -1)
        : -1,
    fields: numbered.fields,
    postings,
  });
  return searchIndexOf(entries, fieldIndex, settings, numbered, postings);
}

/**
 * The default ranker's index over `input` (`createOramaRanker`): the tools'
 * fields analysed and numbered in canonical id order, their postings counted,
 * the field index over them, and the search index that scores with it. In a
 * module of its own, loaded by the first index built, so importing the
 * library loads none of the ranker's scoring code.
 */
export async function buildDefaultIndex(
  input: readonly CatalogEntry[],
  settings: RankerSettings,
): Promise<SearchIndex> {
  return indexOfToolTerms(analyzeToolTerms(input), settings);
}

/**
 * What a default ranker's indexes share: its parameters, vocabulary bridges and word vectors.
 * Internal: evaluation builds indexes of one catalog's analysis with many of them.
 */
export function rankerSettingsOf(
  { synonyms = [], relevanceFloor, wordVectors, parameters: overrides }: OramaRankerOptions,
  loadTable: () => Promise<WordVectors | undefined> = loadPackageWordVectors,
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
