import fc from 'fast-check';
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
    expect([...sets.offsets]).toEqual([0, 3, 3, 4]);
    expect(createTermSets([], [0]).terms.length).toBe(0);
  });

  it('gives each document its distinct numbers ascending, for short and long runs alike', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.nat(60), { maxLength: 80 }), { maxLength: 12 }),
        (documents) => {
          const starts = [0];
          for (const run of documents) starts.push((starts.at(-1) as number) + run.length);
          const sets = createTermSets(documents.flat(), starts);
          documents.forEach((run, document) => {
            const distinct = [...new Set(run)].sort((left, right) => left - right);
            expect([
              ...sets.terms.subarray(
                sets.offsets[document] as number,
                sets.offsets[document + 1] as number,
              ),
            ]).toEqual(distinct);
            for (let term = 0; term <= 60; term++) {
              expect(sets.has(document, term)).toBe(distinct.includes(term));
            }
          });
        },
      ),
      { seed: 16_2026, numRuns: 300 },
    );
  });
});
