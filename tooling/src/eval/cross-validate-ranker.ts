import { type Ablation, type AblationResult, ablate } from './ablate.js';
import { createRankingSetScorer } from './create-ranking-set-scorer.js';
import { createScoreMemo } from './create-score-memo.js';
import { crossValidate, type ParameterChoice } from './cross-validate.js';
import type { EvalCorpus } from './eval-corpus.js';
import type { ParameterPoint } from './parameter-point.js';
import {
  RANKING_ABLATIONS,
  RANKING_COORDINATES,
  RANKING_SEARCH_SPACE,
} from './ranking-search-space.js';
import { type RechosenAblation, rechooseWithout } from './rechoose-without.js';
import type { MeanScore, SetScore } from './set-score.js';
import { type CoordinateSweep, sweepCoordinates } from './sweep-coordinates.js';

export interface CrossValidateRankerOptions {
  /** The sets, by name, in the order of the report; at least two. */
  readonly sets: ReadonlyMap<string, EvalCorpus>;
  /** Candidate points tried per choice of parameters. @default 200 */
  readonly budget?: number;
  /** Whether to switch each signal off in turn (`RANKING_ABLATIONS`). @default true */
  readonly ablations?: boolean;
  /**
   * Whether a signal that does not pay switched off is measured again as removing it would be
   * (`rechooseWithout`: a whole cross-validation per such signal). @default true
   */
  readonly rechoose?: boolean;
  /** Whether to move each parameter alone over its values (`sweepCoordinates`). @default true */
  readonly sensitivity?: boolean;
  /** Called after each choice of parameters, with its held-out set (undefined: every set). */
  readonly onChoice?: (heldOut: string | undefined, choice: ParameterChoice) => void;
  /** Called when the ablations start, each choice again without a signal, and the sensitivity. */
  readonly onPhase?: (phase: 'ablations' | 'rechoosing' | 'sensitivity') => void;
}

/** A set's figures, as the report gives them. */
export type SetFigures = SetScore;

/** The cross-validation report of the default ranker, as `eval --cross-validate --json` prints it. */
export interface RankerCrossValidationReport {
  readonly folds: readonly {
    readonly set: string;
    readonly queries: number;
    readonly in_fold: SetFigures;
    readonly out_of_fold: SetFigures;
    /** Today's parameters. */
    readonly defaults: SetFigures;
    /** The parameters chosen on the other sets, as moved from today's. */
    readonly chosen_parameters: ParameterPoint;
  }[];
  readonly mean_out_of_fold: MeanScore;
  readonly mean_in_fold: MeanScore;
  readonly mean_defaults: MeanScore;
  /** The parameters chosen on every set (what `in_fold` scores), as moved from today's. */
  readonly chosen_parameters: ParameterPoint;
  readonly ablations: readonly {
    readonly signal: string;
    readonly switched_off: ParameterPoint;
    /** Each held-out set's figures without the signal. */
    readonly out_of_fold: readonly ({ readonly set: string } & SetFigures)[];
    readonly mean_ndcg_at_10_change: number;
    readonly mean_no_match_change: number | null;
    readonly mean_false_empty_change: number;
    /** Whether the signal pays switched off at the values chosen with it (`ablate`). */
    readonly pays_switched_off: boolean;
    /**
     * For a signal that does not pay so: the cross-validation run again without it, every
     * choice made without it (`rechooseWithout`); what removing it would do.
     */
    readonly rechosen?: {
      readonly out_of_fold: readonly ({ readonly set: string } & SetFigures)[];
      readonly mean_ndcg_at_10_change: number;
      readonly pays: boolean;
    };
    /** Whether the signal stays: it pays switched off, or chosen again without it. */
    readonly pays: boolean;
  }[];
  readonly sensitivity: readonly CoordinateSweep[];
  readonly method: {
    readonly budget: number;
    readonly max_drop: number;
    readonly min_gain: number;
    readonly max_step_drop: number;
    readonly max_passes: number;
    readonly coordinates: number;
    readonly candidates_per_pass: number;
  };
}

const maxDrop = 0.01;
const minGain = 0.0001;
const maxStepDrop = 0;
const maxPasses = 3;

/**
 * Leave-one-set-out cross-validation of the default ranker's parameters
 * (`RANKING_SEARCH_SPACE`) over `sets` (`crossValidate`), each signal switched off in turn out
 * of fold (`RANKING_ABLATIONS`) and each parameter moved alone over its values
 * (`sweepCoordinates`), with one scoring, so every score is computed once.
 *
 * @example
 * const report = await crossValidateRanker({ sets: new Map([['IronClaw', ironClaw], ['ToolLens', toolLens]]) });
 * report.mean_out_of_fold.ndcg_at_10;
 */
export async function crossValidateRanker({
  sets,
  budget = 200,
  ablations = true,
  rechoose = true,
  sensitivity = true,
  onChoice,
  onPhase,
}: CrossValidateRankerOptions): Promise<RankerCrossValidationReport> {
  const score = createScoreMemo(createRankingSetScorer({ sets }));
  const names = [...sets.keys()];
  // A set's queries: what scoring it costs, about.
  const costOf = (set: string) => (sets.get(set) as EvalCorpus).intents.length;
  const crossValidation = await crossValidate({
    sets: names,
    coordinates: RANKING_SEARCH_SPACE,
    score,
    budget,
    maxDrop,
    minGain,
    maxPasses,
    maxStepDrop,
    costOf,
    ...(onChoice !== undefined && { onChoice }),
  });
  if (ablations) onPhase?.('ablations');
  const ablated: AblationResult[] = ablations
    ? await ablate({
        crossValidation,
        ablations: RANKING_ABLATIONS,
        coordinates: RANKING_COORDINATES,
        score,
        maxDrop,
      })
    : [];
  // A signal that does not pay at the values chosen with it is measured as removing it would be.
  const rechosen = new Map<string, RechosenAblation>();
  for (const [index, result] of ablated.entries()) {
    if (result.pays || !rechoose) continue;
    onPhase?.('rechoosing');
    rechosen.set(
      result.signal,
      await rechooseWithout({
        crossValidation,
        ablation: RANKING_ABLATIONS[index] as Ablation,
        sets: names,
        coordinates: RANKING_SEARCH_SPACE,
        score,
        budget,
        maxDrop,
        minGain,
        maxStepDrop,
        maxPasses,
        costOf,
      }),
    );
  }
  if (sensitivity) onPhase?.('sensitivity');
  const sweeps = sensitivity
    ? await sweepCoordinates({ sets: names, coordinates: RANKING_SEARCH_SPACE, score })
    : [];
  return {
    folds: crossValidation.folds.map((fold) => ({
      set: fold.set,
      queries: (sets.get(fold.set) as EvalCorpus).intents.length,
      in_fold: fold.in_fold,
      out_of_fold: fold.out_of_fold,
      defaults: fold.defaults,
      chosen_parameters: fold.chosen.point,
    })),
    mean_out_of_fold: crossValidation.mean_out_of_fold,
    mean_in_fold: crossValidation.mean_in_fold,
    mean_defaults: crossValidation.mean_defaults,
    chosen_parameters: crossValidation.chosen_on_all.point,
    ablations: ablated.map((result, index) => ({
      signal: result.signal,
      switched_off: RANKING_ABLATIONS[index]?.point ?? {},
      out_of_fold: result.folds.map((fold) => ({ set: fold.set, ...fold.without })),
      mean_ndcg_at_10_change: result.mean_ndcg_at_10_change,
      mean_no_match_change: result.mean_no_match_change,
      mean_false_empty_change: result.mean_false_empty_change,
      pays_switched_off: result.pays,
      ...rechosenOf(rechosen.get(result.signal)),
      pays: result.pays || rechosen.get(result.signal)?.pays === true,
    })),
    sensitivity: sweeps,
    method: {
      budget,
      max_drop: maxDrop,
      min_gain: minGain,
      max_step_drop: maxStepDrop,
      max_passes: maxPasses,
      coordinates: RANKING_SEARCH_SPACE.length,
      candidates_per_pass: RANKING_SEARCH_SPACE.reduce(
        (count, coordinate) =>
          count + coordinate.values.filter((value) => value !== coordinate.start).length,
        0,
      ),
    },
  };
}

/** The report's `rechosen` of a signal chosen again without, if it was. */
function rechosenOf(rechosen: RechosenAblation | undefined) {
  if (rechosen === undefined) return {};
  return {
    rechosen: {
      out_of_fold: rechosen.folds.map((fold) => ({ set: fold.set, ...fold.out_of_fold })),
      mean_ndcg_at_10_change: rechosen.mean_ndcg_at_10_change,
      pays: rechosen.pays,
    },
  };
}
