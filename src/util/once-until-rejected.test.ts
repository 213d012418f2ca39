import { describe, expect, it } from 'vitest';
import { onceUntilRejected } from './once-until-rejected.js';

describe('onceUntilRejected', () => {
  it('runs the load once and shares its promise', async () => {
    let runs = 0;
    const load = onceUntilRejected(async () => ++runs);
    expect(await Promise.all([load(), load()])).toEqual([1, 1]);
    expect(await load()).toBe(1);
    expect(runs).toBe(1);
  });

  it('runs the load again after it rejected', async () => {
    let runs = 0;
    const load = onceUntilRejected(async () => {
      runs += 1;
      if (runs === 1) throw new Error('missing file');
      return runs;
    });
    await expect(load()).rejects.toThrow('missing file');
    expect(await load()).toBe(2);
    expect(await load()).toBe(2);
  });
});
