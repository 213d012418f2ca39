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

  it('gives each document its distinct numbers ascending, counted, for short and long runs alike', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.nat(60), { maxLength: 80 }), { maxLength: 12 }),
        (documents) => {
          const starts = [0];
          for (const run of documents) starts.push((starts.at(-1) as number) + run.length);
          const sets = createTermSets(documents.flat(), starts);
          const expected = documents.map((run) => {
            const counts = new Map<number, number>();
            for (const term of run) counts.set(term, (counts.get(term) ?? 0) + 1);
            return [...counts].sort(([left], [right]) => left - right);
          });
          expect(
            documents.map((_, document) => {
              const run: [number, number][] = [];
              for (
                let slot = sets.offsets[document] as number;
                slot < (sets.offsets[document + 1] as number);
                slot++
              ) {
                run.push([sets.terms[slot] as number, sets.counts[slot] as number]);
              }
              return run;
            }),
          ).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
