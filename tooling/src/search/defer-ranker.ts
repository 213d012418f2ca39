import type { Ranker } from 'tool-disclosure/search';
import { onceUntilRejected } from 'tool-disclosure/util';

/**
 * A ranker whose implementation is imported on its first index, for rankers
 * that read the package's files (the word-vector table; Node only): `RANKERS`
 * is in the root entry, which bundles for edge runtimes, so `load` imports
 * them by a specifier that is not a literal, which no bundler follows. A load
 * that fails is tried again on the next index.
 */
export function deferRanker(name: string, load: () => Promise<Ranker>): Ranker {
  const ranker = onceUntilRejected(load);
  return {
    name,
    createIndex: async (entries) => (await ranker()).createIndex(entries),
  };
}
