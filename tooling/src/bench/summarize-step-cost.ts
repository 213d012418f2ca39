import { median } from './percentile.js';

/** The cost of one model step through our `generateText` beside plain `ai`'s, same tools. */
export interface StepCost {
  /** Median over runs of our run's time divided by its model calls, in milliseconds. */
  ours_ms_per_step: number;
  /** The same through plain `ai`'s `generateText`, every tool active. */
  plain_ai_ms_per_step: number;
  /** Median over pairs of (our step ÷ plain `ai`'s step); 0 when plain `ai`'s took no time. */
  ratio: number;
}

/**
 * The step cost of paired runs: each run's milliseconds divided by its model
 * calls, their medians, and the median of the per-pair ratios.
 *
 * @example
 * summarizeStepCost({ oursMs: [3, 6], plainMs: [30, 30], steps: 3 });
 * // { ours_ms_per_step: 1.5, plain_ai_ms_per_step: 10, ratio: 0.15 }
 */
export function summarizeStepCost({
  oursMs,
  plainMs,
  steps,
}: {
  /** Our runs' times, in milliseconds, in pair order. */
  oursMs: readonly number[];
  /** Plain `ai`'s, in the same order. */
  plainMs: readonly number[];
  /** Model calls per run, the same in both. */
  steps: number;
}): StepCost {
  const ours = oursMs.map((ms) => ms / steps);
  const plain = plainMs.map((ms) => ms / steps);
  const ratios = ours.flatMap((oursStep, pair) => {
    const plainStep = plain[pair];
    return plainStep === undefined || plainStep <= 0 ? [] : [oursStep / plainStep];
  });
  return {
    ours_ms_per_step: median(ours),
    plain_ai_ms_per_step: median(plain),
    ratio: median(ratios),
  };
}
