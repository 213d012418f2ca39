export { analyzeText } from './analyze-text.js';
export { createBm25Ranker } from './bm25-ranker.js';
export { createOramaRanker, type OramaRankerOptions } from './create-orama-ranker.js';
export {
  clearSearchIndexCache,
  getSearchIndex,
  SEARCH_INDEX_CACHE_SIZE,
} from './get-search-index.js';
export { createKeywordRanker } from './keyword-ranker.js';
export { createLegacyRanker } from './legacy-ranker.js';
export type { RankedTool, Ranker, SearchIndex } from './ranker.js';
export { RANKERS } from './rankers.js';
export { SOFTWARE_SYNONYMS } from './software-synonyms.js';
export { splitIdentifierWords } from './split-identifier-words.js';
