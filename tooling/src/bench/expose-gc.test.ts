import { afterEach, describe, expect, it } from 'vitest';
import { exposeGc } from './expose-gc.js';

/** A WeakRef to an object nothing else holds, made in its own job. */
async function unreachable(): Promise<WeakRef<object>> {
  const ref = new WeakRef({ payload: 'garbage' });
  // A WeakRef's target is held until the job that made it ends.
  await new Promise((resolve) => setImmediate(resolve));
  return ref;
}

const globals = globalThis as { gc?: unknown };
const existing = globals.gc;

describe('exposeGc', () => {
  afterEach(() => {
    globals.gc = existing;
  });

  it('asks the global gc for a full collection, or a minor one, when Node.js exposes it', () => {
    const asked: unknown[] = [];
    globals.gc = (...options: unknown[]) => {
      asked.push(options);
    };
    exposeGc('full')();
    exposeGc('minor')();
    exposeGc()();
    expect(asked).toEqual([[], [{ type: 'minor' }], []]);
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
