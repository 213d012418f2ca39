// tool-disclosure/search: exported for the tooling package (@tool-disclosure/tooling) only, internal and
// not a stable API: the analyzer, the default ranker with its term analysis, index builder, settings and
// ranking parameters (which the evaluation's cross-validation varies), and the index cache.
export { analyzeText, useRequestFillers } from './analyze-text.js';
export {
  analyzeToolTerms,
  indexOfToolTerms,
  rankerSettingsOf,
  type ToolTerms,
} from './build-default-index.js';
export {
  createOramaRanker,
  createOramaRankerWith,
  type OramaRankerOptions,
} from './create-orama-ranker.js';
export { clearSearchIndexCache, estimateIndexBytes, getSearchIndex } from './get-search-index.js';
export type { RankedTool, Ranker, SearchIndex } from './ranker.js';
export {
  RANKING_PARAMETERS,
  type RankingParameterOverrides,
  resolveRankingParameters,
} from './ranking-parameters.js';
export { SOFTWARE_SYNONYMS } from './software-synonyms.js';
export { splitIdentifierWords } from './split-identifier-words.js';
