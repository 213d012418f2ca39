import { createOramaRanker } from './create-orama-ranker.js';
import type { Ranker } from './ranker.js';

/** The default ranker, counting the indexes it builds and loads. */
export function countingRanker() {
  const inner = createOramaRanker();
  const counts = { builds: 0, loads: 0 };
  const ranker: Ranker = {
    name: inner.name,
    createIndex: (entries) => {
      counts.builds++;
      return inner.createIndex(entries);
    },
    saveIndex: (index) => inner.saveIndex?.(index),
    loadIndex: (data, entries) => {
      counts.loads++;
      return (inner.loadIndex as NonNullable<Ranker['loadIndex']>)(data, entries);
    },
  };
  return { ranker, counts };
}
