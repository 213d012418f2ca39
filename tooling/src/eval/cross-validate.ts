import { InvalidOptionError } from 'tool-disclosure/error';
import { createScoreMemo } from './create-score-memo.js';
import { mean } from './mean.js';
import {
  type ParameterCoordinate,
  type ParameterPoint,
  valueAt,
  withValue,
} from './parameter-point.js';
import { type MeanScore, meanScore, type ScoreSet, type SetScore } from './set-score.js';

export interface CrossValidateOptions {
  /** The sets, each held out in turn; at least two. */
  readonly sets: readonly string[];
  readonly coordinates: readonly ParameterCoordinate[];
  readonly score: ScoreSet;
  /** Candidate points tried per choice (each a score of every training set). @default 200 */
  readonly budget?: number;
  /** How far below its score at the start a training set may drop under a chosen point. @default 0.01 */
  readonly maxDrop?: number;
  /** How much a candidate must raise the training mean NDCG@10 to be taken. @default 0.0001 */
  readonly minGain?: number;
  /**
   * How far below its score at the point a choice has reached a training set may drop under a
   * candidate taken from there. @default 0: a candidate taken lowers no training set
   */
  readonly maxStepDrop?: number;
  /** Passes over the coordinates at most. @default 3 */
  readonly maxPasses?: number;
  /**
   * A set's cost, by which a choice scores its training sets cheapest first: a candidate that
   * leaves one of them too low is refused at once, the others unscored. @default none: in order
   */
  readonly costOf?: (set: string) => number;
  /** Called after each candidate point is scored (for progress). */
  readonly onCandidate?: (progress: CandidateProgress) => void;
  /** Called after each choice, with its held-out set (undefined for the choice on every set). */
  readonly onChoice?: (heldOut: string | undefined, choice: ParameterChoice) => void;
}

/** One candidate of one choice, as it was tried. */
export interface CandidateProgress {
  /** The held-out set, or undefined for the choice over every set. */
  readonly heldOut: string | undefined;
  readonly evaluations: number;
  readonly point: ParameterPoint;
  /** The mean NDCG@10 over the training sets; NaN for a candidate refused before all were scored. */
  readonly mean: number;
  readonly taken: boolean;
}

/** A choice of parameters on some sets: the point, and how it went. */
export interface ParameterChoice {
  readonly point: ParameterPoint;
  /** Candidate points scored. */
  readonly evaluations: number;
  /** The mean NDCG@10 over the training sets at the start and at `point`. */
  readonly start_mean: number;
  readonly chosen_mean: number;
}

/** One held-out set. */
export interface CrossValidationFold {
  readonly set: string;
  /** The parameters chosen on every set: scored on this one. */
  readonly in_fold: SetScore;
  /** The parameters chosen on the other sets: scored on this one. */
  readonly out_of_fold: SetScore;
  /** The start (today's parameters): scored on this one. */
  readonly defaults: SetScore;
  /** The choice on the other sets. */
  readonly chosen: ParameterChoice;
}

export interface CrossValidation {
  readonly folds: readonly CrossValidationFold[];
  readonly mean_out_of_fold: MeanScore;
  readonly mean_in_fold: MeanScore;
  readonly mean_defaults: MeanScore;
  /** The choice on every set (what `in_fold` scores). */
  readonly chosen_on_all: ParameterChoice;
}

/**
 * Leave-one-set-out cross-validation of a parameter search. For each set, parameters are
 * chosen on the other sets and scored on it (out of fold); the parameters chosen on every
 * set are scored on each (in fold), and so is the start. A choice is a coordinate ascent from
 * the start: coordinate by coordinate, in order, each value is tried, and the one that raises
 * the mean NDCG@10 over the training sets most, by more than `minGain`, is taken, if it
 * lowers no training set more than `maxStepDrop` below its score at the point reached (none,
 * by default) nor more than `maxDrop` below the start. The training sets are scored cheapest
 * first (`costOf`), and a candidate is refused at the first set it leaves too low. Passes
 * repeat while one moves, up to `maxPasses` and `budget` candidates. Deterministic: the same
 * scores give the same choices. Each set's score under a point is asked once and kept, so
 * the folds, which mostly try the same points, share them.
 *
 * @example
 * const result = await crossValidate({ sets: ['a', 'b', 'c'], coordinates, score });
 * result.mean_out_of_fold.ndcg_at_10;
 */
export async function crossValidate({
  sets,
  coordinates,
  score,
  budget = 200,
  maxDrop = 0.01,
  minGain = 0.0001,
  maxStepDrop = 0,
  maxPasses = 3,
  costOf,
  onCandidate,
  onChoice,
}: CrossValidateOptions): Promise<CrossValidation> {
  if (sets.length < 2 || new Set(sets).size !== sets.length) {
    throw new InvalidOptionError({
      option: 'sets',
      value: sets,
      expected: 'at least two distinct sets, each held out in turn',
    });
  }
  const scoreOf = createScoreMemo(score);
  const cheapestFirst = (training: readonly string[]) =>
    costOf === undefined
      ? training
      : [...training].sort((left, right) => costOf(left) - costOf(right));
  const choose = async (training: readonly string[], heldOut: string | undefined) => {
    const choice = await chooseParameters({
      training: cheapestFirst(training),
      coordinates,
      score: scoreOf,
      budget,
      maxDrop,
      minGain,
      maxStepDrop,
      maxPasses,
      onCandidate: (progress) => onCandidate?.({ ...progress, heldOut }),
    });
    onChoice?.(heldOut, choice);
    return choice;
  };
  const onAll = await choose(sets, undefined);
  const folds: CrossValidationFold[] = [];
  for (const set of sets) {
    const chosen = await choose(
      sets.filter((other) => other !== set),
      set,
    );
    folds.push({
      set,
      in_fold: await scoreOf(set, onAll.point),
      out_of_fold: await scoreOf(set, chosen.point),
      defaults: await scoreOf(set, {}),
      chosen,
    });
  }
  return {
    folds,
    mean_out_of_fold: meanScore(folds.map((fold) => fold.out_of_fold)),
    mean_in_fold: meanScore(folds.map((fold) => fold.in_fold)),
    mean_defaults: meanScore(folds.map((fold) => fold.defaults)),
    chosen_on_all: onAll,
  };
}

interface ChooseOptions {
  readonly training: readonly string[];
  readonly coordinates: readonly ParameterCoordinate[];
  readonly score: ScoreSet;
  readonly budget: number;
  readonly maxDrop: number;
  readonly minGain: number;
  readonly maxStepDrop: number;
  readonly maxPasses: number;
  readonly onCandidate: (progress: Omit<CandidateProgress, 'heldOut'>) => void;
}

/** The coordinate ascent of `crossValidate` over the training sets. */
async function chooseParameters({
  training,
  coordinates,
  score,
  budget,
  maxDrop,
  minGain,
  maxStepDrop,
  maxPasses,
  onCandidate,
}: ChooseOptions): Promise<ParameterChoice> {
  // Scored one after another, never at once: a score is a run of queries, and runs at once
  // would only share the same cores. With `floors`, the scores stop at the first set below its
  // floor (undefined then).
  const sequential = async (point: ParameterPoint, floors?: readonly number[]) => {
    const scores: SetScore[] = [];
    for (const [index, set] of training.entries()) {
      const one = await score(set, point);
      if (floors !== undefined && one.ndcg_at_10 < (floors[index] as number)) return undefined;
      scores.push(one);
    }
    return scores;
  };
  const start = (await sequential({})) as SetScore[];
  const startMean = mean(start.map((one) => one.ndcg_at_10));
  // Each set's floor: no more than `maxDrop` below the start, `maxStepDrop` below the point.
  const floorsAt = (scores: readonly SetScore[]) =>
    scores.map((one, index) =>
      Math.max((start[index] as SetScore).ndcg_at_10 - maxDrop, one.ndcg_at_10 - maxStepDrop),
    );
  let floors = floorsAt(start);
  let point: ParameterPoint = {};
  let best = startMean;
  let evaluations = 0;
  for (let pass = 0; pass < maxPasses && evaluations < budget; pass++) {
    let moved = false;
    for (const coordinate of coordinates) {
      const current = valueAt(point, coordinate);
      let bestValue = current;
      let bestMean = best;
      let bestScores: readonly SetScore[] | undefined;
      for (const value of coordinate.values) {
        if (value === current || evaluations >= budget) continue;
        evaluations++;
        const candidate = withValue(point, coordinate, value);
        const scores = await sequential(candidate, floors);
        const candidateMean =
          scores === undefined ? Number.NaN : mean(scores.map((one) => one.ndcg_at_10));
        const taken = scores !== undefined && candidateMean > bestMean + minGain;
        if (taken) {
          bestValue = value;
          bestMean = candidateMean;
          bestScores = scores;
        }
        onCandidate({ evaluations, point: candidate, mean: candidateMean, taken });
      }
      if (bestValue !== current) {
        point = withValue(point, coordinate, bestValue);
        best = bestMean;
        floors = floorsAt(bestScores as readonly SetScore[]);
        moved = true;
      }
    }
    if (!moved) break;
  }
  return { point, evaluations, start_mean: startMean, chosen_mean: best };
}
