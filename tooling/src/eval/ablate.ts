import { InvalidOptionError } from 'tool-disclosure/error';
import type { CrossValidation } from './cross-validate.js';
import { mean, noise } from './mean.js';
import { type ParameterCoordinate, type ParameterPoint, withValue } from './parameter-point.js';
import type { ScoreSet, SetScore } from './set-score.js';

/** A signal switched off: the coordinates' values that switch it off. */
export interface Ablation {
  readonly signal: string;
  readonly point: ParameterPoint;
}

/** One held-out set's score with a signal switched off, against its out-of-fold score. */
export interface AblatedFold {
  readonly set: string;
  readonly without: SetScore;
  /** NDCG@10 without the signal minus out of fold (with it): negative when the signal pays. */
  readonly ndcg_at_10_change: number;
}

/** A signal's effect out of fold on every set. */
export interface AblationResult {
  readonly signal: string;
  readonly folds: readonly AblatedFold[];
  /** The mean over the sets of the NDCG@10 change. */
  readonly mean_ndcg_at_10_change: number;
  /** The mean change of the no-match accuracy over the sets that have `no_match` queries; null without any. */
  readonly mean_no_match_change: number | null;
  /** The mean change of the false-empty rate over the sets. */
  readonly mean_false_empty_change: number;
  /**
   * Whether the signal pays out of fold: without it the mean NDCG@10 is lower, some set's
   * NDCG@10 drops by more than `maxDrop`, the mean no-match accuracy is lower or the mean
   * false-empty rate higher. A signal that does not pay can go.
   */
  readonly pays: boolean;
}

export interface AblateOptions {
  readonly crossValidation: CrossValidation;
  readonly ablations: readonly Ablation[];
  readonly coordinates: readonly ParameterCoordinate[];
  /** The same scoring as the cross-validation's, to share what it kept. */
  readonly score: ScoreSet;
  /** @default 0.01 */
  readonly maxDrop?: number;
}

/**
 * Each signal switched off in turn, out of fold: every held-out set scored with the
 * parameters chosen on the other sets, the signal's coordinates set to switch it off (the
 * other parameters are not chosen again without it).
 *
 * @example
 * const results = await ablate({ crossValidation, ablations, coordinates, score });
 */
export async function ablate({
  crossValidation,
  ablations,
  coordinates,
  score,
  maxDrop = 0.01,
}: AblateOptions): Promise<AblationResult[]> {
  const byName = new Map(coordinates.map((coordinate) => [coordinate.name, coordinate]));
  const results: AblationResult[] = [];
  for (const { signal, point: off } of ablations) {
    const folds: AblatedFold[] = [];
    const noMatch: number[] = [];
    const falseEmpty: number[] = [];
    for (const fold of crossValidation.folds) {
      let point = fold.chosen.point;
      for (const [name, value] of Object.entries(off)) {
        const coordinate = byName.get(name);
        if (coordinate === undefined) {
          throw new InvalidOptionError({
            option: `ablations.${signal}`,
            value: name,
            expected: `coordinates of the search (${[...byName.keys()].join(', ')})`,
          });
        }
        point = withValue(point, coordinate, value);
      }
      const without = await score(fold.set, point);
      folds.push({
        set: fold.set,
        without,
        ndcg_at_10_change: without.ndcg_at_10 - fold.out_of_fold.ndcg_at_10,
      });
      if (without.no_match_accuracy !== null && fold.out_of_fold.no_match_accuracy !== null) {
        noMatch.push(without.no_match_accuracy - fold.out_of_fold.no_match_accuracy);
      }
      falseEmpty.push(without.false_empty_rate - fold.out_of_fold.false_empty_rate);
    }
    const meanChange = mean(folds.map((fold) => fold.ndcg_at_10_change));
    const noMatchChange = noMatch.length === 0 ? null : mean(noMatch);
    const falseEmptyChange = mean(falseEmpty);
    results.push({
      signal,
      folds,
      mean_ndcg_at_10_change: meanChange,
      mean_no_match_change: noMatchChange,
      mean_false_empty_change: falseEmptyChange,
      pays:
        meanChange < -noise ||
        folds.some((fold) => fold.ndcg_at_10_change < -maxDrop) ||
        (noMatchChange ?? 0) < -noise ||
        falseEmptyChange > noise,
    });
  }
  return results;
}
