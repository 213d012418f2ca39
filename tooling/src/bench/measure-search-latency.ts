import { performance } from 'node:perf_hooks';
import type { SearchIndex } from 'tool-disclosure/search';
import { percentile } from './percentile.js';
import { roundTo as round } from './round-to.js';

/** p50 and p99 of the queries, after one untimed pass that warms the index and the JIT. */
export async function measureSearchLatency(
  index: SearchIndex,
  queries: readonly string[],
  passes: number,
): Promise<{ p50: number; p99: number }> {
  for (const query of queries) await index.search(query, 10);
  const durations: number[] = [];
  for (let pass = 0; pass < passes; pass++) {
    for (const query of queries) {
      const start = performance.now();
      await index.search(query, 10);
      durations.push(performance.now() - start);
    }
  }
  return { p50: round(percentile(durations, 0.5), 3), p99: round(percentile(durations, 0.99), 3) };
}
