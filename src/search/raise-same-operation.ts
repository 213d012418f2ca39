import type { ScoreTable } from './score-table.js';

/**
 * A short request that names no service means the best match's operation in
 * any service: a tool of another service with the same local name (jira's and
 * github's `create_issue` for "file a bug") ranks just below the best match.
 * Tools are numbered in canonical id order, so the lower number wins a tie.
 */
export function raiseSameOperation(
  scores: ScoreTable,
  // A tool's namespace, by position, numbered.
  namespaceOf: ArrayLike<number>,
  // A tool's operation, by position, numbered.
  operationOf: (position: number) => number,
  // The share of the best match's score such a tool gets at least (`RankingParameters.sameOperationWeight`).
  sameOperationWeight: number,
): void {
  let bestPosition = -1;
  let bestScore = 0;
  for (let index = scores.size - 1; index >= 0; index--) {
    const position = scores.positionAt(index);
    const score = scores.scoreOf(position);
    if (bestPosition < 0 || score > bestScore || (score === bestScore && position < bestPosition)) {
      bestPosition = position;
      bestScore = score;
    }
  }
  if (bestPosition < 0) return;
  const operation = operationOf(bestPosition);
  const namespace = namespaceOf[bestPosition];
  for (let index = scores.size - 1; index >= 0; index--) {
    const position = scores.positionAt(index);
    if (namespaceOf[position] !== namespace && operationOf(position) === operation) {
      scores.set(position, Math.max(scores.scoreOf(position), sameOperationWeight * bestScore));
    }
  }
}
