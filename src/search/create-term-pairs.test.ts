import { describe, expect, it } from 'vitest';
import { createTermPairs } from './create-term-pairs.js';

describe('createTermPairs', () => {
  it('has the terms each document holds side by side, in order, within one field', () => {
    const pairs = createTermPairs([[[1, 2, 3]], [[3], [2]], []], 4);
    expect(pairs.has(0, 1, 2)).toBe(true);
    expect(pairs.has(0, 2, 3)).toBe(true);
    expect(pairs.has(0, 2, 1)).toBe(false);
    expect(pairs.has(0, 1, 3)).toBe(false);
    expect(pairs.has(1, 3, 2)).toBe(false);
    expect(pairs.has(2, 1, 2)).toBe(false);
    expect(pairs.has(0, -1, 2)).toBe(false);
    expect(pairs.has(3, 1, 2)).toBe(false);
  });

  it('keeps every pair of a long field, whatever their order', () => {
    const terms = Array.from({ length: 60 }, (_, index) => (index * 37) % 50);
    const pairs = createTermPairs([[terms]], 50);
    for (let index = 0; index + 1 < terms.length; index++) {
      expect(pairs.has(0, terms[index] as number, terms[index + 1] as number)).toBe(true);
    }
    expect(pairs.has(0, 0, 0)).toBe(false);
  });
});
