import { exposeGc } from './expose-gc.js';

/** How `measureHeapGrowth` collects and reads memory; tests pass fakes. */
export interface HeapMeter {
  /** Runs a full collection. @default exposeGc() */
  collect?: () => void;
  /** The process's memory in use. @default process.memoryUsage */
  memoryUsage?: () => { heapUsed: number; arrayBuffers: number };
}

/**
 * Heap bytes retained by what `build` returns: `heapUsed` and `arrayBuffers`
 * after a full collection, before and after the build, so the number is what
 * the result holds, not the garbage of making it, typed arrays included (their
 * contents live outside the JavaScript heap, and an index keeps most of itself
 * in them). Never negative: a small result can
 * read below zero when a collection frees more of the process (compiled code
 * flushed, say) than the result holds, and that reads as 0.
 *
 * @example
 * const bytes = await measureHeapGrowth(() => ranker.createIndex(entries));
 */
export async function measureHeapGrowth<RESULT>(
  build: () => Promise<RESULT>,
  { collect = exposeGc(), memoryUsage = () => process.memoryUsage() }: HeapMeter = {},
): Promise<number> {
  const before = await settledBytes(collect, memoryUsage);
  const result = await build();
  const after = await settledBytes(collect, memoryUsage);
  // Keeps the result reachable until the second reading.
  retained.push(result);
  retained.pop();
  return Math.max(0, after - before);
}

const retained: unknown[] = [];

/**
 * `heapUsed` plus `arrayBuffers` after two full collections a turn of the
 * event loop apart: the second frees what finalizers and the first one's
 * sweeping left (array buffers' contents are freed after their objects are).
 */
async function settledBytes(
  collect: () => void,
  memoryUsage: () => { heapUsed: number; arrayBuffers: number },
): Promise<number> {
  collect();
  await new Promise((resolve) => setImmediate(resolve));
  collect();
  const { heapUsed, arrayBuffers } = memoryUsage();
  return heapUsed + arrayBuffers;
}
