import { mean } from './mean.js';
import type { ParameterPoint } from './parameter-point.js';

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

/** The mean of each reported metric over the sets. */
export interface MeanScore {
  readonly ndcg_at_10: number;
  readonly recall_at_5: number;
  readonly mrr: number;
  readonly false_empty_rate: number;
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
