import type { Ranker } from 'tool-disclosure/search';
import { deferRanker } from './defer-ranker.js';

/**
 * `createWordVectorRanker()` as `RANKERS.vectors`, imported on its first index, so that listing
 * the rankers reads no word-vector table. Node only.
 */
export function deferWordVectorRanker(): Ranker {
  return deferRanker('vectors', async () => {
    const { createWordVectorRanker } = await import('tool-disclosure/word-vectors');
    return createWordVectorRanker();
  });
}
