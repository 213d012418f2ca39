import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NumberedRuns } from './create-field-term-numbering.js';
import { createTermPairs } from './create-term-pairs.js';

/** One field's runs of term numbers, document after document. */
function runs(documents: readonly (readonly number[])[]): NumberedRuns {
  const starts = [0];
  for (const terms of documents) starts.push((starts.at(-1) as number) + terms.length);
  return { values: Int32Array.from(documents.flat()), starts: Int32Array.from(starts) };
}

describe('createTermPairs', () => {
  it('has the terms each document holds side by side, in order, within one field', () => {
    // Three documents, two fields: [1 2 3 | 3], [3 | 2], [ | ].
    const pairs = createTermPairs(
      [runs([[1, 2, 3], [3], []]), runs([[3], [2], []])],
      3,
      4,
      new Set(),
    );
    expect(pairs.has(0, 1, 2)).toBe(true);
    expect(pairs.has(0, 2, 3)).toBe(true);
    expect(pairs.has(0, 2, 1)).toBe(false);
    expect(pairs.has(0, 1, 3)).toBe(false);
    expect(pairs.has(0, 3, 3)).toBe(false);
    expect(pairs.has(1, 3, 2)).toBe(false);
    expect(pairs.has(2, 1, 2)).toBe(false);
    expect(pairs.has(0, -1, 2)).toBe(false);
    expect(pairs.has(3, 1, 2)).toBe(false);
  });

  it('passes over the terms left out, as if they were absent', () => {
    // "book a flight", with "a" numbered 9 and left out.
    const pairs = createTermPairs([runs([[4, 9, 5]])], 1, 10, new Set([9]));
    expect(pairs.has(0, 4, 5)).toBe(true);
    expect(pairs.has(0, 4, 9)).toBe(false);
    expect(pairs.has(0, 9, 5)).toBe(false);
  });

  it('answers as a set of the adjacent pairs, for any fields and term counts', () => {
    const document = fc.array(fc.nat(40), { maxLength: 12 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(document, document), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(41, 70_000),
        fc.uniqueArray(fc.nat(40), { maxLength: 3 }),
        (documents, termCount, leftOut) => {
          const skipped = new Set(leftOut);
          const pairs = createTermPairs(
            [runs(documents.map(([first]) => first)), runs(documents.map(([, second]) => second))],
            documents.length,
            termCount,
            skipped,
          );
          documents.forEach((fields, position) => {
            const expected = new Set<string>();
            for (const field of fields) {
              const kept = field.filter((term) => !skipped.has(term));
              for (let index = 0; index + 1 < kept.length; index++) {
                if (kept[index] !== kept[index + 1])
                  expected.add(`${kept[index]} ${kept[index + 1]}`);
              }
            }
            for (let first = 0; first <= 40; first++) {
              for (let second = 0; second <= 40; second++) {
                expect(pairs.has(position, first, second)).toBe(expected.has(`${first} ${second}`));
              }
            }
          });
        },
      ),
      { numRuns: 150 },
    );
  });
});
