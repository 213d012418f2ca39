import { stableHash } from '../util/stable-hash.js';
import type { WordVectors } from '../vectors/word-vectors.js';
import { loadPackageWordVectors } from './load-package-word-vectors.js';
import type { Ranker } from './ranker.js';
import {
  RANKING_PARAMETERS,
  type RankingParameterOverrides,
  resolveRankingParameters,
} from './ranking-parameters.js';
import type { RankerSettings } from './search-index-of.js';

export interface OramaRankerOptions {
  /** Extra synonym groups, added to the built-in software vocabulary. @default [] */
  synonyms?: readonly (readonly string[])[];
  /**
   * Ranking parameters to use instead of `RANKING_PARAMETERS` (from
   * `@tool-disclosure/tooling/eval`), merged onto them: objects field by field, lists
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
 * The default ranker: BM25 over identifier-aware, stemmed fields (its own
 * field index on typed arrays, `createFieldIndex`; named for the Orama index it
 * began on, whose scores it keeps to the bit) with per-field boosts, a general software vocabulary, exact-identifier
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
  options: OramaRankerOptions,
  loadTable: () => Promise<WordVectors | undefined>,
): Ranker {
  const { synonyms = [], relevanceFloor, wordVectors, parameters: overrides = {} } = options;
  // Checked now, so a bad override is an error when the ranker is made, not at its first search;
  // the settings (synonym tables) are built with the index, so the import and a request that never
  // searches build none of them.
  resolveRankingParameters(overrides);
  let settings: RankerSettings | undefined;
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
    createIndex: async (entries) => {
      // Loaded by the first index built, not at import: an app's first request may never search.
      const { buildDefaultIndex, rankerSettingsOf } = await import('./build-default-index.js');
      settings ??= rankerSettingsOf(options, loadTable);
      return buildDefaultIndex(entries, settings);
    },
  };
}

const defaultRelevanceFloor = RANKING_PARAMETERS.relevanceFloor;
