import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countPostings } from './count-postings.js';
import type { NumberedRuns } from './create-field-term-numbering.js';

/** Runs of term numbers, one per document. */
function runsOf(documents: readonly number[][]): NumberedRuns {
  const starts = [0];
  for (const terms of documents) starts.push((starts.at(-1) as number) + terms.length);
  return { values: Int32Array.from(documents.flat()), starts: Int32Array.from(starts) };
}

/** Each term's documents and counts, counted plainly. */
function expected(fields: readonly number[][][], documentCount: number, term: number) {
  const listed: [number, number][] = [];
  for (let document = 0; document < documentCount; document++) {
    let count = 0;
    for (const field of fields)
      for (const value of field[document] ?? []) if (value === term) count++;
    if (count > 0) listed.push([document, count]);
  }
  return listed;
}

describe('countPostings', () => {
  it("lists each term's documents in order with its count in each, over any fields", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 12 }),
        fc.nat({ max: 3 }).chain((fieldCount) =>
          fc.array(
            fc.array(fc.array(fc.nat({ max: 9 }), { maxLength: 8 }), {
              minLength: 12,
              maxLength: 12,
            }),
            {
              minLength: fieldCount + 1,
              maxLength: fieldCount + 1,
            },
          ),
        ),
        (documentCount, fields) => {
          const postings = countPostings(
            fields.map((field) => runsOf(field.slice(0, documentCount))),
            documentCount,
            10,
          );
          for (let term = -1; term <= 10; term++) {
            const found: [number, number][] = [];
            for (let index = postings.start(term); index < postings.end(term); index++) {
              found.push([postings.documents[index] as number, postings.counts[index] as number]);
            }
            expect(found).toEqual(expected(fields, documentCount, term));
          }
        },
      ),
      { seed: 15_2026, numRuns: 300 },
    );
  });

  it('counts in 16 bits while every count fits, in 32 beyond', () => {
    const few = countPostings([runsOf([[0, 0, 1]])], 1, 2);
    expect(few.counts).toBeInstanceOf(Uint16Array);
    const many = countPostings([runsOf([Array.from({ length: 70_000 }, () => 0)])], 1, 1);
    expect(many.counts).toBeInstanceOf(Int32Array);
    expect(many.counts[many.start(0)]).toBe(70_000);
  });
});
