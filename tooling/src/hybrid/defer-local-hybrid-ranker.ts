import type { Ranker } from 'tool-disclosure/search';
import { deferRanker } from '../search/defer-ranker.js';

/**
 * `createLocalHybridRanker` as `RANKERS.hybrid`, imported on its first index: the evaluation
 * harness compares it with the others, and listing them reads no word-vector table. Node only.
 */
export function deferLocalHybridRanker(): Ranker {
  return deferRanker('hybrid', async () => {
    const { createLocalHybridRanker } = await import('./create-local-hybrid-ranker.js');
    return createLocalHybridRanker();
  });
}
