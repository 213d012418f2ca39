import { describe, expect, it } from 'vitest';
import { createPostings } from './create-postings.js';
import { createTermSets } from './create-term-sets.js';

describe('createPostings', () => {
  it("lists each term's documents, ascending", () => {
    const { offsets, documents } = createPostings(
      createTermSets([1, 1, 0, 1, 2], [0, 2, 2, 4, 5]),
      4,
    );
    const of = (term: number) => [...documents.subarray(offsets[term], offsets[term + 1])];
    expect(of(0)).toEqual([2]);
    expect(of(1)).toEqual([0, 2]);
    expect(of(2)).toEqual([3]);
    expect(of(3)).toEqual([]);
  });
});
