import { describe, expect, it } from 'vitest';
import { createTermSets } from './create-term-sets.js';
import { mergeTermSets } from './merge-term-sets.js';

describe('mergeTermSets', () => {
  it("is createTermSets of every document's terms of every set", () => {
    let seed = 11;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * below);
    };
    const documentCount = 60;
    const fields = Array.from({ length: 5 }, () =>
      Array.from({ length: documentCount }, () =>
        Array.from({ length: random(4) === 0 ? 0 : random(40) }, () => random(90)),
      ),
    );
    const setsOf = (documents: number[][]) => {
      const starts = [0];
      for (const terms of documents) starts.push((starts.at(-1) as number) + terms.length);
      return createTermSets(documents.flat(), starts);
    };
    const merged = mergeTermSets(fields.map(setsOf), documentCount);
    const expected = setsOf(
      Array.from({ length: documentCount }, (_, document) =>
        fields.flatMap((field) => field[document] as number[]),
      ),
    );
    expect([...merged.terms]).toEqual([...expected.terms]);
    expect([...merged.counts]).toEqual([...expected.counts]);
    expect([...merged.offsets]).toEqual([...expected.offsets]);
    expect(merged.slot(3, expected.terms[expected.offsets[3] as number] as number)).toBe(
      expected.offsets[3],
    );
  });
});
