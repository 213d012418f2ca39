import type { Ranker } from 'tool-disclosure/search';
import { onceUntilRejected } from 'tool-disclosure/util';

/**
 * A ranker whose implementation is imported on its first index, for rankers
 * that read the library's files (the word-vector table; Node only), so that
 * listing `RANKERS` reads nothing. A load that fails is tried again on the
 * next index.
 */
export function deferRanker(name: string, load: () => Promise<Ranker>): Ranker {
  const ranker = onceUntilRejected(load);
  return {
    name,
    createIndex: async (entries) => (await ranker()).createIndex(entries),
  };
}
