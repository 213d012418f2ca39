import type { Ranker } from 'tool-disclosure/search';
import { createOramaRanker } from 'tool-disclosure/search';
import { deferLocalHybridRanker } from '../hybrid/defer-local-hybrid-ranker.js';
import { createBm25Ranker } from './bm25-ranker.js';
import { deferWordVectorRanker } from './defer-word-vector-ranker.js';
import { createKeywordRanker } from './keyword-ranker.js';
import { createLegacyRanker } from './legacy-ranker.js';

/**
 * Every ranker the evaluation harness compares, the default first (which
 * reads the package's word vectors when a request first shares no word with
 * any tool), then the baselines, then `vectors` (the default with the table
 * read on its first index, so ranking as the default does in Node) and
 * `hybrid` (that ranker blended with the word vectors' embeddings); those two
 * load the table on first use, Node only.
 */
export const RANKERS: Readonly<Record<string, () => Ranker>> = Object.freeze({
  default: () => createOramaRanker(),
  legacy: createLegacyRanker,
  keyword: createKeywordRanker,
  bm25: createBm25Ranker,
  vectors: deferWordVectorRanker,
  hybrid: deferLocalHybridRanker,
});
