/**
 * The best `limit` entries of `scores` (position → score), best first: higher
 * score, then lower position. A small `limit` is kept by bounded insertion,
 * so a search of 10 results does not sort every candidate; any other `limit`
 * takes `Array.prototype.slice`'s meaning over the full sort.
 *
 * @example
 * selectTopScores(new Map([[3, 0.5], [1, 0.9], [2, 0.5]]), 2); // [[1, 0.9], [2, 0.5]]
 */
export function selectTopScores(
  scores: ReadonlyMap<number, number>,
  limit: number,
): [number, number][] {
  if (!Number.isInteger(limit) || limit < 0 || limit >= scores.size) {
    return [...scores].sort(byScore).slice(0, limit);
  }
  const best: [number, number][] = [];
  // `forEach` rather than `for…of`: no entry array per candidate.
  scores.forEach((score, position) => {
    if (best.length === limit) {
      const last = best[limit - 1];
      if (last === undefined || !isBefore(position, score, last)) return;
      best.pop();
    }
    let index = best.length;
    while (index > 0 && isBefore(position, score, best[index - 1] as [number, number])) index--;
    best.splice(index, 0, [position, score]);
  });
  return best;
}

function isBefore(position: number, score: number, [otherPosition, other]: [number, number]) {
  return score > other || (score === other && position < otherPosition);
}

function byScore([leftPosition, left]: [number, number], [rightPosition, right]: [number, number]) {
  return right - left || leftPosition - rightPosition;
}
