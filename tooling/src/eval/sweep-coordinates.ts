import { mean } from './mean.js';
import {
  type ParameterCoordinate,
  type ParameterPoint,
  type ParameterValue,
  withValue,
} from './parameter-point.js';
import type { ScoreSet } from './set-score.js';

/** One coordinate's values, each with the mean NDCG@10 over the sets with it alone moved there. */
export interface CoordinateSweep {
  readonly name: string;
  readonly start: ParameterValue;
  readonly values: readonly { readonly value: ParameterValue; readonly ndcg_at_10: number }[];
}

/**
 * Each coordinate moved alone from the start to each of its values: the mean NDCG@10 over
 * `sets` at each, the start's included. What a parameter's value gains
 * against its neighbours with the others at theirs; in fold (the sets chose today's values).
 *
 * @example
 * const sweeps = await sweepCoordinates({ sets, coordinates, score });
 */
export async function sweepCoordinates({
  sets,
  coordinates,
  score,
}: {
  readonly sets: readonly string[];
  readonly coordinates: readonly ParameterCoordinate[];
  readonly score: ScoreSet;
}): Promise<CoordinateSweep[]> {
  const meanAt = async (point: ParameterPoint) => {
    const scores: number[] = [];
    for (const set of sets) scores.push((await score(set, point)).ndcg_at_10);
    return mean(scores);
  };
  const sweeps: CoordinateSweep[] = [];
  for (const coordinate of coordinates) {
    const values = coordinate.values.includes(coordinate.start)
      ? coordinate.values
      : [coordinate.start, ...coordinate.values];
    const measured: { value: ParameterValue; ndcg_at_10: number }[] = [];
    for (const value of values) {
      measured.push({ value, ndcg_at_10: await meanAt(withValue({}, coordinate, value)) });
    }
    sweeps.push({ name: coordinate.name, start: coordinate.start, values: measured });
  }
  return sweeps;
}
