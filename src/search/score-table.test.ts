import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScoreTable } from './score-table.js';

const capacity = 12;

/** One change to a table and to the `Map` it must match. */
type Operation =
  | { kind: 'set'; position: number; score: number }
  | { kind: 'delete'; position: number }
  | { kind: 'visit'; deleteBelow: number; scale: number }
  | { kind: 'clear' };

// Mostly sets and deletes, so tables grow and positions move within them before a clear.
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('set' as const),
      position: fc.nat(capacity - 1),
      score: fc.double({ min: 0.01, max: 10, noNaN: true }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('delete' as const), position: fc.nat(capacity - 1) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('visit' as const),
      deleteBelow: fc.double({ min: 0, max: 10, noNaN: true }),
      scale: fc.constantFrom(0.5, 1, 2),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const) }) },
);

function entriesOf(scores: { forEach(visit: (score: number, position: number) => void): void }) {
  const entries: [number, number][] = [];
  scores.forEach((score, position) => {
    entries.push([position, score]);
  });
  return entries.sort(([left], [right]) => left - right);
}

describe('ScoreTable', () => {
  it('holds what a Map of position to score holds, through any changes', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (operations) => {
        const table = new ScoreTable(capacity);
        const map = new Map<number, number>();
        for (const change of operations) {
          if (change.kind === 'set') {
            table.set(change.position, change.score);
            map.set(change.position, change.score);
          } else if (change.kind === 'delete') {
            expect(table.delete(change.position)).toBe(map.delete(change.position));
          } else if (change.kind === 'clear') {
            table.clear();
            map.clear();
          } else {
            // A visit that deletes or rescales the score it is visiting, as scoring does.
            const visit = (scores: ScoreTable | Map<number, number>) =>
              scores.forEach((score, position) => {
                if (score < change.deleteBelow) scores.delete(position);
                else scores.set(position, score * change.scale);
              });
            visit(table);
            visit(map);
          }
          expect(table.size).toBe(map.size);
          expect(entriesOf(table)).toEqual(entriesOf(map));
          for (let position = 0; position < capacity; position++) {
            expect(table.get(position)).toBe(map.get(position));
            expect(table.has(position)).toBe(map.has(position));
          }
        }
        expect(table.some((position) => map.get(position) === undefined)).toBe(false);
        expect(table.some(() => true)).toBe(map.size > 0);
      }),
      { numRuns: 1000 },
    );
  });

  it("keeps a position that took a deleted one's place", () => {
    const table = new ScoreTable(8);
    table.set(1, 1).set(2, 2).set(3, 3);
    table.delete(1);
    table.delete(3);
    expect(entriesOf(table)).toEqual([[2, 2]]);
  });

  it('visits each held score once, and none set during the visit', () => {
    const table = new ScoreTable(8);
    table.set(1, 1).set(2, 2).set(3, 3);
    const visited: number[] = [];
    table.forEach((_score, position) => {
      visited.push(position);
      table.set(position + 4, 0.5);
    });
    expect(visited.sort()).toEqual([1, 2, 3]);
    expect(table.size).toBe(6);
  });
});
