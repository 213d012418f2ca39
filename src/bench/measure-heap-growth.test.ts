import { describe, expect, it } from 'vitest';
import { measureHeapGrowth } from './measure-heap-growth.js';

describe('measureHeapGrowth', () => {
  it('counts what the result retains, not the garbage of building it', async () => {
    const retained = await measureHeapGrowth(async () =>
      Array.from({ length: 200_000 }, (_, index) => ({ index })),
    );
    const garbage = await measureHeapGrowth(async () => {
      Array.from({ length: 200_000 }, (_, index) => ({ index }));
      return 1;
    });
    // 200,000 small objects and their array: several MB.
    expect(retained).toBeGreaterThan(2 * 2 ** 20);
    expect(garbage).toBeLessThan(retained / 4);
  });

  it('counts the contents of typed arrays, which live outside the JavaScript heap', async () => {
    const bytes = await measureHeapGrowth(async () => new Float64Array(2 ** 20));
    // 8 MB of contents, a few bytes of object.
    expect(bytes).toBeGreaterThan(7 * 2 ** 20);
  });
});
