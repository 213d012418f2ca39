import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findSorted } from './find-sorted.js';

describe('findSorted', () => {
  it('finds each value of a sorted run within its bounds, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: -50, max: 50 }), { maxLength: 30 }),
        fc.integer({ min: -60, max: 60 }),
        fc.nat(31),
        fc.nat(31),
        (unsorted, key, from, to) => {
          const values = Int32Array.from(unsorted.sort((left, right) => left - right));
          const low = Math.min(from, to);
          const high = Math.min(Math.max(from, to), values.length - 1);
          const expected = values.indexOf(key);
          const within = expected >= low && expected <= high ? expected : -1;
          expect(findSorted(values, key, low, high)).toBe(within);
          expect(findSorted(values, key)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
