// A synthetic parameter search shared by the tests of crossValidate, ablate, rechooseWithout,
// sweepCoordinates and the parameter points.
import { type ParameterCoordinate, pointKey, valueAt } from './parameter-point.js';
import type { ScoreSet, SetScore } from './set-score.js';

export const x: ParameterCoordinate = { name: 'x', start: 0, values: [0, 1, 2] };
export const on: ParameterCoordinate = { name: 'on', start: true, values: [true, false] };

/** Each set's NDCG@10 by the value of `x` (and 0.1 less with `on` false). */
const table: Record<string, readonly number[]> = {
  A: [0.5, 0.6, 0.4],
  B: [0.5, 0.6, 0.7],
  C: [0.5, 0.3, 0.9],
};

/** A score of NDCG@10 `ndcg`, the other metrics derived from it. */
export function scoreOf(ndcg: number): SetScore {
  return {
    ndcg_at_10: ndcg,
    recall_at_5: ndcg / 2,
    mrr: ndcg / 4,
    false_empty_rate: 0,
    no_match_accuracy: null,
  };
}

/** A synthetic scoring of `table`, counting its calls. */
export function syntheticScores() {
  const calls: string[] = [];
  const score: ScoreSet = async (set, point) => {
    calls.push(`${set} ${pointKey(point)}`);
    const ndcg = (table[set] as readonly number[])[valueAt(point, x) as number] as number;
    return scoreOf(valueAt(point, on) === false ? ndcg - 0.1 : ndcg);
  };
  return { calls, score };
}
