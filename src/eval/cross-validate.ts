import { InvalidOptionError } from '../error/invalid-option-error.js';

/** A value one coordinate of a parameter search can take. */
export type ParameterValue = number | boolean;

/**
 * A point of the search: the coordinates whose value differs from the start, by name. The
 * start itself is `{}`; a point never lists a coordinate at its start value, so equal points
 * are equal objects (`pointKey`).
 */
export type ParameterPoint = Readonly<Record<string, ParameterValue>>;

/** One coordinate of the search: its name, its value at the start and the values tried. */
export interface ParameterCoordinate {
  readonly name: string;
  /** The value at the start (today's). */
  readonly start: ParameterValue;
  /** The values tried, in order; the start's among them or not. */
  readonly values: readonly ParameterValue[];
}

/** What one set scores under one point. */
export interface SetScore {
  readonly ndcg_at_10: number;
  readonly recall_at_5: number;
  readonly mrr: number;
  /** Answerable queries answered with nothing, over the answerable queries. */
  readonly false_empty_rate: number;
  /** Share of `no_match` queries answered with no match; null when the set has none. */
  readonly no_match_accuracy: number | null;
}

/** Scores a set, every query of it, under a point. */
export type ScoreSet = (set: string, point: ParameterPoint) => Promise<SetScore>;

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

/** The mean of each reported metric over the sets. */
export interface MeanScore {
  readonly ndcg_at_10: number;
  readonly recall_at_5: number;
  readonly mrr: number;
  readonly false_empty_rate: number;
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

/** `score`, asked once per set and point. */
export function createScoreMemo(score: ScoreSet): ScoreSet {
  const kept = new Map<string, Promise<SetScore>>();
  return (set, point) => {
    const key = `${set}\u0000${pointKey(point)}`;
    let found = kept.get(key);
    if (found === undefined) {
      found = score(set, point);
      kept.set(key, found);
    }
    return found;
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

/** The value of `coordinate` at `point`. */
export function valueAt(point: ParameterPoint, coordinate: ParameterCoordinate): ParameterValue {
  return Object.hasOwn(point, coordinate.name)
    ? (point[coordinate.name] as ParameterValue)
    : coordinate.start;
}

/** `point` with `coordinate` at `value`: without it when that is its start. */
export function withValue(
  point: ParameterPoint,
  coordinate: ParameterCoordinate,
  value: ParameterValue,
): ParameterPoint {
  const next: Record<string, ParameterValue> = { ...point };
  if (value === coordinate.start) delete next[coordinate.name];
  else next[coordinate.name] = value;
  return next;
}

/** A point's key: equal for equal points, whatever their order. */
export function pointKey(point: ParameterPoint): string {
  return JSON.stringify(
    Object.keys(point)
      .sort()
      .map((name) => [name, point[name]]),
  );
}

/** The mean of each reported metric over `scores`. */
export function meanScore(scores: readonly SetScore[]): MeanScore {
  return {
    ndcg_at_10: mean(scores.map((one) => one.ndcg_at_10)),
    recall_at_5: mean(scores.map((one) => one.recall_at_5)),
    mrr: mean(scores.map((one) => one.mrr)),
    false_empty_rate: mean(scores.map((one) => one.false_empty_rate)),
  };
}

/** Differences of sums of the same scores in another order: no change. */
const noise = 1e-9;

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return values.length === 0 ? 0 : sum / values.length;
}

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
