import type { ScoreEntries } from './score-table.js';

/**
 * The best `limit` entries of `scores` (position → score), best first: higher
 * score, then lower position. A small `limit` is kept by bounded insertion,
 * so a search of 10 results does not sort every candidate; any other `limit`
 * takes `Array.prototype.slice`'s meaning over the full sort.
 *
 * @example
 * selectTopScores(new Map([[3, 0.5], [1, 0.9], [2, 0.5]]), 2); // [[1, 0.9], [2, 0.5]]
 */
export function selectTopScores(scores: ScoreEntries, limit: number): [number, number][] {
  if (!Number.isInteger(limit) || limit < 0 || limit >= scores.size) {
    const all: [number, number][] = [];
    scores.forEach((score, position) => {
      all.push([position, score]);
    });
    return all.sort(byScore).slice(0, limit);
  }
  // The best so far in two parallel arrays, best first; pairs are made for the result only.
  // Plain arrays: a typed array costs a buffer allocation per search, more than this loop.
  const positions: number[] = new Array(limit).fill(0);
  const values: number[] = new Array(limit).fill(0);
  let size = 0;
  // Whether a candidate ranks before the one kept at `index`.
  const before = (score: number, position: number, index: number) =>
    score > (values[index] as number) ||
    (score === values[index] && position < (positions[index] as number));
  // `forEach` rather than `for…of`: no entry array per candidate.
  scores.forEach((score, position) => {
    if (size === limit) {
      if (!before(score, position, limit - 1)) return;
      size--;
    }
    let index = size;
    while (index > 0 && before(score, position, index - 1)) {
      positions[index] = positions[index - 1] as number;
      values[index] = values[index - 1] as number;
      index--;
    }
    positions[index] = position;
    values[index] = score;
    size++;
  });
  const best: [number, number][] = [];
  for (let index = 0; index < size; index++) {
    best.push([positions[index] as number, values[index] as number]);
  }
  return best;
}

function byScore([leftPosition, left]: [number, number], [rightPosition, right]: [number, number]) {
  return right - left || leftPosition - rightPosition;
}
