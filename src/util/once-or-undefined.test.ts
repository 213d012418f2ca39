import { describe, expect, it } from 'vitest';
import { onceOrUndefined } from './once-or-undefined.js';

describe('onceOrUndefined', () => {
  it('runs the load once and shares its value', async () => {
    let runs = 0;
    const load = onceOrUndefined(
      async () => ++runs,
      () => {},
    );
    expect(await Promise.all([load(), load()])).toEqual([1, 1]);
    expect(await load()).toBe(1);
    expect(runs).toBe(1);
  });

  it('reports a failure once and answers undefined from then on, without loading again', async () => {
    let runs = 0;
    const failures: unknown[] = [];
    const load = onceOrUndefined(
      async () => {
        runs += 1;
        throw new Error('missing file');
      },
      (error) => failures.push(error),
    );
    expect(await Promise.all([load(), load()])).toEqual([undefined, undefined]);
    expect(await load()).toBeUndefined();
    expect(runs).toBe(1);
    expect(failures.map(String)).toEqual(['Error: missing file']);
  });

  it('treats a load that throws before returning a promise as a failure', async () => {
    const failures: unknown[] = [];
    const load = onceOrUndefined<number>(
      () => {
        throw new Error('no runtime');
      },
      (error) => failures.push(error),
    );
    expect(await load()).toBeUndefined();
    expect(failures).toHaveLength(1);
  });
});
