import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScoreTable } from './score-table.js';
import { selectTopPositions } from './select-top-positions.js';

/** A table holding `pairs` of position and score (a later pair of a position wins). */
function tableOf(pairs: Iterable<[number, number]>, capacity = 64): ScoreTable {
  const table = new ScoreTable(capacity);
  for (const [position, score] of pairs) table.set(position, score);
  return table;
}

/** The positions of `pairs` by score (higher first), then position. */
function sortedPositions(pairs: Iterable<[number, number]>): number[] {
  return [...pairs].sort(([lp, l], [rp, r]) => r - l || lp - rp).map(([position]) => position);
}

const scores = new Map([
  [5, 0.2],
  [3, 0.5],
  [1, 0.9],
  [2, 0.5],
  [4, 0.1],
]);
const sorted = sortedPositions(scores);

describe('selectTopPositions', () => {
  it('keeps the best by score, then lower position, as a full sort would', () => {
    for (let limit = 0; limit <= 6; limit++) {
      expect([...selectTopPositions(tableOf(scores), limit)]).toEqual(sorted.slice(0, limit));
    }
  });

  it('gives any other limit the meaning of slice', () => {
    expect([...selectTopPositions(tableOf(scores), -1)]).toEqual(sorted.slice(0, -1));
    expect([...selectTopPositions(tableOf(scores), 2.5)]).toEqual(sorted.slice(0, 2.5));
    expect([...selectTopPositions(tableOf(scores), Number.POSITIVE_INFINITY)]).toEqual(sorted);
    expect([...selectTopPositions(tableOf(scores), Number.NEGATIVE_INFINITY)]).toEqual([]);
  });

  it('keeps more than its scratch arrays first held', () => {
    const many = Array.from({ length: 40 }, (_, position): [number, number] => [
      position,
      position % 7,
    ]);
    expect([...selectTopPositions(tableOf(many), 30)]).toEqual(sortedPositions(many).slice(0, 30));
  });
});

describe('selectTopPositions on random scores', () => {
  it('equals the full sort for every limit, kept by insertion or past it by a sort', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(150), fc.constantFrom(0, 0.25, 0.5, 1, 2)), { maxLength: 120 }),
        fc.nat(130),
        (pairs, limit) => {
          const random = new Map(pairs);
          expect([...selectTopPositions(tableOf(random, 151), limit)]).toEqual(
            sortedPositions(random).slice(0, limit),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
