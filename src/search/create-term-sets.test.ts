import { describe, expect, it } from 'vitest';
import { createTermSets } from './create-term-sets.js';

describe('createTermSets', () => {
  it('answers membership per document, duplicates kept once, runs sorted', () => {
    const sets = createTermSets([4, 1, 4, 9, 2], [0, 4, 4, 5]);
    expect(sets.has(0, 4)).toBe(true);
    expect(sets.has(0, 9)).toBe(true);
    expect(sets.has(0, 2)).toBe(false);
    expect(sets.has(1, 4)).toBe(false);
    expect(sets.has(2, 2)).toBe(true);
    expect(sets.has(2, -1)).toBe(false);
    expect([...sets.terms]).toEqual([1, 4, 9, 2]);
    expect(sets.slot(0, 9)).toBe(2);
    expect(sets.slot(2, 2)).toBe(3);
    expect(sets.slot(2, 3)).toBe(-1);
    expect([...sets.counts]).toEqual([1, 2, 1, 1]);
    expect([...sets.offsets]).toEqual([0, 3, 3, 4]);
  });

  it('sorts long runs as short ones, and takes no documents', () => {
    const long = Array.from({ length: 60 }, (_, index) => (index * 37) % 50);
    const sets = createTermSets(long, [0, long.length]);
    expect([...sets.terms]).toEqual(Array.from({ length: 50 }, (_, index) => index));
    expect(sets.counts.reduce((sum, count) => sum + count, 0)).toBe(60);
    expect(createTermSets([], [0]).terms.length).toBe(0);
  });
});
