import type { ScoreTable } from './score-table.js';

/**
 * The best `limit` entries of `scores` as [position, score] pairs, best
 * first: higher score, then lower position. A small `limit` is kept by
 * bounded insertion, so a search of 10 results does not sort every
 * candidate; any other `limit` takes `Array.prototype.slice`'s meaning over
 * the full sort.
 *
 * @example
 * const scores = new ScoreTable(4).set(3, 0.5).set(1, 0.9).set(2, 0.5);
 * selectTopScores(scores, 2); // [[1, 0.9], [2, 0.5]]
 */
export function selectTopScores(scores: ScoreTable, limit: number): [number, number][] {
  const count = scores.size;
  if (!Number.isInteger(limit) || limit < 0 || limit >= count) {
    const all: [number, number][] = [];
    for (let index = count - 1; index >= 0; index--) {
      const position = scores.positionAt(index);
      all.push([position, scores.scoreOf(position)]);
    }
    return all.sort(byScore).slice(0, limit);
  }
  // The best so far, best first, in scratch arrays shared by every search (a search runs to
  // its end without waiting): pairs are made for the result only.
  if (bestPositions.length < limit) {
    bestPositions = new Int32Array(limit);
    bestScores = new Float64Array(limit);
  }
  const positions = bestPositions;
  const values = bestScores;
  let size = 0;
  for (let index = count - 1; index >= 0; index--) {
    const position = scores.positionAt(index);
    const score = scores.scoreOf(position);
    if (size === limit) {
      if (!isBefore(score, position, values[limit - 1] as number, positions[limit - 1] as number)) {
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
  const best: [number, number][] = [];
  for (let slot = 0; slot < size; slot++) {
    best.push([positions[slot] as number, values[slot] as number]);
  }
  return best;
}

let bestPositions = new Int32Array(16);
let bestScores = new Float64Array(16);

/** Whether a score at a position ranks before another. */
function isBefore(score: number, position: number, otherScore: number, otherPosition: number) {
  return score > otherScore || (score === otherScore && position < otherPosition);
}

function byScore([leftPosition, left]: [number, number], [rightPosition, right]: [number, number]) {
  return right - left || leftPosition - rightPosition;
}
