import { exposeGc } from './expose-gc.js';

/**
 * Heap bytes retained by what `build` returns: `heapUsed` after a full
 * collection, before and after the build, so the number is what the result
 * holds, not the garbage of making it. Never negative: a small result can
 * read below zero when a collection frees more of the process (compiled code
 * flushed, say) than the result holds, and that reads as 0.
 *
 * @example
 * const bytes = await measureHeapGrowth(() => ranker.createIndex(entries));
 */
export async function measureHeapGrowth<RESULT>(build: () => Promise<RESULT>): Promise<number> {
  const collect = exposeGc();
  collect();
  const before = process.memoryUsage().heapUsed;
  const result = await build();
  collect();
  const after = process.memoryUsage().heapUsed;
  // Keeps the result reachable until the second reading.
  retained.push(result);
  retained.pop();
  return Math.max(0, after - before);
}

const retained: unknown[] = [];
