import { afterEach, describe, expect, it } from 'vitest';
import { exposeGc } from './expose-gc.js';

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
});
