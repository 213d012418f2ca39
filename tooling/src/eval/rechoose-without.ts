import type { Ablation } from './ablate.js';
import {
  type CrossValidateOptions,
  type CrossValidation,
  type CrossValidationFold,
  crossValidate,
} from './cross-validate.js';
import { mean, noise } from './mean.js';
import type { SetScore } from './set-score.js';

/** A signal switched off and the parameters chosen again without it, out of fold. */
export interface RechosenAblation {
  readonly signal: string;
  /** Each held-out set's out-of-fold score without the signal, parameters chosen again. */
  readonly folds: readonly { readonly set: string; readonly out_of_fold: SetScore }[];
  /** The mean over the sets of the out-of-fold NDCG@10 change (without minus with the signal). */
  readonly mean_ndcg_at_10_change: number;
  /**
   * Whether the signal pays so: without it the mean out-of-fold NDCG@10 is lower, or a set's
   * drops by more than `maxDrop`, or the mean no-match accuracy is lower or the mean false-empty
   * rate higher: removing it would not land.
   */
  readonly pays: boolean;
}

export interface RechooseWithoutOptions
  extends Omit<CrossValidateOptions, 'onCandidate' | 'onChoice'> {
  /** The cross-validation with the signal, to compare with. */
  readonly crossValidation: CrossValidation;
  readonly ablation: Ablation;
}

/**
 * The whole cross-validation again with a signal switched off: its coordinates held at the
 * values that switch it off and left out of the search, so every choice is made without it.
 * What removing the signal would do out of fold, where `ablate` only switches it off at the
 * values chosen with it; a change lands by this figure.
 *
 * @example
 * const without = await rechooseWithout({ ...options, crossValidation, ablation });
 * without.pays; // false: the signal can go
 */
export async function rechooseWithout({
  crossValidation,
  ablation,
  coordinates,
  score,
  maxDrop = 0.01,
  ...options
}: RechooseWithoutOptions): Promise<RechosenAblation> {
  const off = ablation.point;
  const without = await crossValidate({
    ...options,
    maxDrop,
    coordinates: coordinates.filter((coordinate) => !Object.hasOwn(off, coordinate.name)),
    score: (set, point) => score(set, { ...point, ...off }),
  });
  const changes = without.folds.map(
    (fold, index) =>
      fold.out_of_fold.ndcg_at_10 -
      (crossValidation.folds[index] as CrossValidationFold).out_of_fold.ndcg_at_10,
  );
  const noMatch: number[] = [];
  const falseEmpty: number[] = [];
  for (const [index, fold] of without.folds.entries()) {
    const before = (crossValidation.folds[index] as CrossValidationFold).out_of_fold;
    if (fold.out_of_fold.no_match_accuracy !== null && before.no_match_accuracy !== null) {
      noMatch.push(fold.out_of_fold.no_match_accuracy - before.no_match_accuracy);
    }
    falseEmpty.push(fold.out_of_fold.false_empty_rate - before.false_empty_rate);
  }
  const meanChange = mean(changes);
  return {
    signal: ablation.signal,
    folds: without.folds.map((fold) => ({ set: fold.set, out_of_fold: fold.out_of_fold })),
    mean_ndcg_at_10_change: meanChange,
    pays:
      meanChange < -noise ||
      changes.some((change) => change < -maxDrop) ||
      (noMatch.length === 0 ? 0 : mean(noMatch)) < -noise ||
      mean(falseEmpty) > noise,
  };
}
