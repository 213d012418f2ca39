import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectTop } from './select-top.js';

describe('selectTop', () => {
  it('gives exactly the first items of a full sort, for any items and count', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.nat()), { maxLength: 300 }),
        fc.nat({ max: 320 }),
        (pairs, count) => {
          const items = pairs.map(([score, order], index) => ({ score, order, index }));
          const compare = (left: (typeof items)[number], right: (typeof items)[number]) =>
            right.score - left.score || left.order - right.order || left.index - right.index;
          expect(selectTop(items, count, compare)).toEqual(
            [...items].sort(compare).slice(0, count),
          );
        },
      ),
      { seed: 11_2026, numRuns: 300 },
    );
  });
});
