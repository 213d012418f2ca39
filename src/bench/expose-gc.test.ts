import { describe, expect, it } from 'vitest';
import { exposeGc } from './expose-gc.js';

/** A WeakRef to an object nothing else holds, made in its own job. */
async function unreachable(): Promise<WeakRef<object>> {
  const ref = new WeakRef({ payload: 'garbage' });
  // A WeakRef's target is held until the job that made it ends.
  await new Promise((resolve) => setImmediate(resolve));
  return ref;
}

/** Heap in use after making a few MB of short-lived objects, then after collecting them. */
function heapAround(collect: () => void): { before: number; after: number } {
  let garbage: number[][] = [];
  for (let index = 0; index < 50_000; index++) garbage.push([index, index + 1, index + 2]);
  const before = process.memoryUsage().heapUsed;
  garbage = [];
  collect();
  return { before, after: process.memoryUsage().heapUsed };
}

describe('exposeGc', () => {
  it('frees short-lived objects with either kind of collection', () => {
    for (const kind of ['full', 'minor'] as const) {
      const { before, after } = heapAround(exposeGc(kind));
      expect(after, kind).toBeLessThan(before);
    }
  });

  it('lets go of what nothing holds only in a full collection', async () => {
    const ref = await unreachable();
    exposeGc('minor')();
    expect(ref.deref()).toBeDefined();
    // `deref` holds the target again until this job ends.
    await new Promise((resolve) => setImmediate(resolve));
    exposeGc('full')();
    expect(ref.deref()).toBeUndefined();
  });
});
