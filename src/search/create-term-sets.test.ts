import { describe, expect, it } from 'vitest';
import { createTermSets } from './create-term-sets.js';

describe('createTermSets', () => {
  it('answers membership per document, duplicates kept once, runs sorted', () => {
    const sets = createTermSets([[4, 1, 4, 9], [], [2]]);
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
  });
});
