import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countPostings, MAX_COUNTED_FIELDS } from './count-postings.js';
import type { NumberedRuns } from './create-field-term-numbering.js';

/** Runs of term numbers, one per document. */
function runsOf(documents: readonly number[][]): NumberedRuns {
  const starts = [0];
  for (const terms of documents) starts.push((starts.at(-1) as number) + terms.length);
  return { values: Int32Array.from(documents.flat()), starts: Int32Array.from(starts) };
}

/** Each document with the term: its count in the whole document and in each field, counted plainly. */
function expected(fields: readonly number[][][], documentCount: number, term: number) {
  const listed: [number, number, number[]][] = [];
  for (let document = 0; document < documentCount; document++) {
    const inFields = fields.map(
      (field) => (field[document] ?? []).filter((value) => value === term).length,
    );
    const count = inFields.reduce((sum, inField) => sum + inField, 0);
    if (count > 0) listed.push([document, count, inFields]);
  }
  return listed;
}

describe('countPostings', () => {
  it("lists each term's documents in order with its count in each and in each field", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 12 }),
        fc.integer({ min: 1, max: MAX_COUNTED_FIELDS }).chain((fieldCount) =>
          fc.array(
            fc.array(fc.array(fc.nat({ max: 9 }), { maxLength: 40 }), {
              minLength: 12,
              maxLength: 12,
            }),
            { minLength: fieldCount, maxLength: fieldCount },
          ),
        ),
        (documentCount, fields) => {
          const postings = countPostings(
            fields.map((field) => runsOf(field.slice(0, documentCount))),
            documentCount,
            10,
          );
          for (let term = -1; term <= 10; term++) {
            const found: [number, number, number[]][] = [];
            for (let index = postings.start(term); index < postings.end(term); index++) {
              found.push([
                postings.documents[index] as number,
                postings.counts[index] as number,
                fields.map((_, field) => postings.fieldCount(index, field)),
              ]);
            }
            expect(found).toEqual(expected(fields, documentCount, term));
          }
        },
      ),
      { seed: 15_2026, numRuns: 300 },
    );
  });

  it('counts 15 and more in a field exactly, in 16 bits while every document is that short, in 32 beyond', () => {
    const few = countPostings([runsOf([[0, 0, 1]])], 1, 2);
    expect(few.counts).toBeInstanceOf(Uint16Array);
    const many = countPostings(
      [runsOf([[1, ...Array.from({ length: 70_000 }, () => 0)]]), runsOf([[0, 0, 0]])],
      1,
      2,
    );
    expect(many.counts).toBeInstanceOf(Int32Array);
    expect(many.counts[many.start(0)]).toBe(70_003);
    expect(many.fieldCount(many.start(0), 0)).toBe(70_000);
    expect(many.fieldCount(many.start(0), 1)).toBe(3);
    expect(many.fieldCount(many.start(1), 0)).toBe(1);
  });

  it(`counts at most ${MAX_COUNTED_FIELDS} fields apart`, () => {
    const field = runsOf([[0]]);
    expect(() =>
      countPostings(
        Array.from({ length: 9 }, () => field),
        1,
        1,
      ),
    ).toThrow(RangeError);
  });
});
