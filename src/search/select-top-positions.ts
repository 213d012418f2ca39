import type { ScoreTable } from './score-table.js';

/**
 * The positions of the best `limit` scores of `scores`, best first: higher
 * score, then lower position. A non-negative whole `limit` up to 64 is kept
 * by bounded insertion, so a search of 10 results does not sort every
 * candidate; a larger one (insertion would cost candidates x limit) is a full
 * sort, and any other `limit` takes `Array.prototype.slice`'s meaning over it.
 * The positions are a view of scratch arrays shared by every search (a search
 * runs to its end without waiting): read them before the next selection.
 *
 * @example
 * const scores = new ScoreTable(4).set(3, 0.5).set(1, 0.9).set(2, 0.5);
 * selectTopPositions(scores, 2); // Int32Array [1, 2]
 */
export function selectTopPositions(scores: ScoreTable, limit: number): Int32Array {
  const count = scores.size;
  if (!Number.isInteger(limit) || limit < 0 || limit > maxInsertedLimit) {
    const all: number[] = [];
    for (let index = count - 1; index >= 0; index--) all.push(scores.positionAt(index));
    all.sort((left, right) => scores.scoreOf(right) - scores.scoreOf(left) || left - right);
    return Int32Array.from(all.slice(0, limit));
  }
  const kept = Math.min(limit, count);
  if (bestPositions.length < kept) {
    bestPositions = new Int32Array(kept);
    bestScores = new Float64Array(kept);
  }
  const positions = bestPositions;
  const values = bestScores;
  let size = 0;
  for (let index = count - 1; index >= 0; index--) {
    const position = scores.positionAt(index);
    const score = scores.scoreOf(position);
    if (size === kept) {
      if (
        kept === 0 ||
        !isBefore(score, position, values[kept - 1] as number, positions[kept - 1] as number)
      ) {
        continue;
      }
      size--;
    }
    let slot = size;
    while (
      slot > 0 &&
      isBefore(score, position, values[slot - 1] as number, positions[slot - 1] as number)
    ) {
      positions[slot] = positions[slot - 1] as number;
      values[slot] = values[slot - 1] as number;
      slot--;
    }
    positions[slot] = position;
    values[slot] = score;
    size++;
  }
  return positions.subarray(0, size);
}

/** Above it, bounded insertion (candidates x limit) costs more than one sort. */
const maxInsertedLimit = 64;
let bestPositions = new Int32Array(16);
let bestScores = new Float64Array(16);

/** Whether a score at a position ranks before another. */
function isBefore(score: number, position: number, otherScore: number, otherPosition: number) {
  return score > otherScore || (score === otherScore && position < otherPosition);
}
