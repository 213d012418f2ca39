import { InvalidOptionError } from 'tool-disclosure/error';
import type { Ranker } from 'tool-disclosure/search';
import { createOramaRanker } from 'tool-disclosure/search';
import type { EvalCorpus } from './eval-corpus.js';
import { evaluateRanker } from './evaluate-ranker.js';
import { DISTRACTOR_GENERATOR_VERSION, DISTRACTOR_SEED } from './generate-distractors.js';

/** Version of the scale baseline file format. */
export const SCALE_BASELINE_VERSION = 1;

/** The catalog sizes of the scale baseline. */
export const SCALE_BASELINE_SIZES: readonly number[] = Object.freeze([100, 500, 1000, 10000]);

/** The committed metrics of one catalog size, unrounded, so they are reproduced exactly. */
export interface ScaleBaselineCase {
  /** The real catalog size: the larger of the corpus size and the size asked for. */
  tool_count: number;
  quality: {
    recall_at_1: number;
    recall_at_5: number;
    recall_at_10: number;
    mrr: number;
    ndcg_at_10: number;
    /** Null when the corpus has no `no_match` intents. */
    no_match_accuracy: number | null;
  };
}

/** The scale baseline file: the judged corpus padded to several sizes with distractors. */
export interface ScaleBaseline {
  version: typeof SCALE_BASELINE_VERSION;
  generator_version: number;
  seed: number;
  corpus: string;
  intent_count: number;
  cases: ScaleBaselineCase[];
}

/** Milliseconds of one catalog size, rounded to 3 decimals; printed, never committed or gated. */
export interface ScaleBaselineTiming {
  tool_count: number;
  build: number;
  query_p50: number;
  query_p99: number;
}

export interface ComputeScaleBaselineOptions {
  /** The judged corpus; every intent is kept at every size. */
  corpus: EvalCorpus;
  /** Catalog sizes, in the order the cases are reported. @default [100, 500, 1000, 10000] */
  sizes?: readonly number[];
  /** The ranker measured; a fresh index is built for each size. @default the default (Orama) ranker */
  ranker?: Ranker;
}

/**
 * Pads the corpus to each size with the deterministic distractors, evaluates the ranker
 * on each, and returns the baseline to commit and the timings to print.
 *
 * @example
 * const { baseline, timings } = await computeScaleBaseline({ corpus: await loadEvalCorpus(path) });
 */
export async function computeScaleBaseline({
  corpus,
  sizes = SCALE_BASELINE_SIZES,
  ranker = createOramaRanker(),
}: ComputeScaleBaselineOptions): Promise<{
  baseline: ScaleBaseline;
  timings: ScaleBaselineTiming[];
}> {
  if (sizes.length === 0) {
    throw new InvalidOptionError({ option: 'sizes', value: 'none', expected: 'at least one size' });
  }
  for (const size of sizes) {
    if (!Number.isSafeInteger(size) || size < 1) {
      throw new InvalidOptionError({
        option: 'sizes',
        value: size,
        expected: 'catalog sizes of 1 or more tools',
      });
    }
  }
  const cases: ScaleBaselineCase[] = [];
  const timings: ScaleBaselineTiming[] = [];
  for (const size of sizes) {
    const report = await evaluateRanker({ corpus, ranker, distractors: size });
    const { metrics } = report;
    cases.push({
      tool_count: report.tool_count,
      quality: {
        recall_at_1: metrics.recall_at_1,
        recall_at_5: metrics.recall_at_5,
        recall_at_10: metrics.recall_at_10,
        mrr: metrics.mrr,
        ndcg_at_10: metrics.ndcg_at_10,
        no_match_accuracy: metrics.no_match_accuracy,
      },
    });
    timings.push({ tool_count: report.tool_count, ...report.timing_ms });
  }
  return {
    baseline: {
      version: SCALE_BASELINE_VERSION,
      generator_version: DISTRACTOR_GENERATOR_VERSION,
      seed: DISTRACTOR_SEED,
      corpus: corpus.name,
      intent_count: corpus.intents.length,
      cases,
    },
    timings,
  };
}
