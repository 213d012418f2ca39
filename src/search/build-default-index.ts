import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { sortById } from '../catalog/sort-by-id.js';
import type { WordVectors } from '../vectors/word-vectors.js';
import { countPostings } from './count-postings.js';
import { createFieldIndex } from './create-field-index.js';
import { createFieldTermNumbering } from './create-field-term-numbering.js';
import type { SearchIndex } from './ranker.js';
import { relatedTerms } from './related-terms.js';
import { bm25, type RankerSettings, searchIndexOf } from './search-index-of.js';
import { SOFTWARE_SYNONYMS } from './software-synonyms.js';
import { TERM_END } from './term-tokenizer.js';
import { createToolFieldNumbering, TOOL_FIELDS, type ToolField } from './tool-field-terms.js';

/** In this order the field index sums scores. */
const fields: readonly ToolField[] = TOOL_FIELDS;

/** What a default ranker's indexes share: the software vocabulary with `synonyms`, its floor, its word vectors. */
export function rankerSettings(
  synonyms: readonly (readonly string[])[],
  relevanceFloor: number,
  loadWordVectors: (() => Promise<WordVectors | undefined>) | undefined,
): RankerSettings {
  return {
    related: relatedTerms([...SOFTWARE_SYNONYMS, ...synonyms]),
    relevanceFloor,
    loadWordVectors,
  };
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
  const entries = sortById(input);
  const numbering = createFieldTermNumbering(fields.length);
  const tools = createToolFieldNumbering(numbering);
  for (const entry of entries) tools.add(entry);
  const numbered = numbering.numbers();
  const postings = countPostings(numbered.fields, entries.length, numbered.terms.length);
  const fieldIndex = createFieldIndex(fields, entries.length, bm25, {
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
