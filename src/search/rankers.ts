import { deferLocalHybridRanker } from '../hybrid/defer-local-hybrid-ranker.js';
import { createBm25Ranker } from './bm25-ranker.js';
import { createOramaRanker } from './create-orama-ranker.js';
import { createKeywordRanker } from './keyword-ranker.js';
import { createLegacyRanker } from './legacy-ranker.js';
import type { Ranker } from './ranker.js';

/**
 * Every ranker the evaluation harness compares, the default first, then the
 * baselines, then `hybrid` (the default blended with the package's word
 * vectors, loaded on first use; Node only).
 */
export const RANKERS: Readonly<Record<string, () => Ranker>> = Object.freeze({
  default: () => createOramaRanker(),
  legacy: createLegacyRanker,
  keyword: createKeywordRanker,
  bm25: createBm25Ranker,
  hybrid: deferLocalHybridRanker,
});
