import { describe, expect, it } from 'vitest';
import { createPostings } from './create-postings.js';
import { createTermSets } from './create-term-sets.js';

describe('createPostings', () => {
  it("lists each term's documents, ascending", () => {
    const postings = createPostings(createTermSets([1, 1, 0, 1, 7], [0, 2, 2, 4, 5]));
    const of = (term: number) => [...postings.documentsWith(term)];
    expect(of(0)).toEqual([2]);
    expect(of(1)).toEqual([0, 2]);
    expect(of(7)).toEqual([3]);
    expect(of(3)).toEqual([]);
    expect(of(-1)).toEqual([]);
  });
});
