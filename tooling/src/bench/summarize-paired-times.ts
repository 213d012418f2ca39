import { median } from './percentile.js';

/** Two arms timed in alternated pairs: each arm's median, and the median of the per-pair ratios. */
export interface PairedTimes {
  /** Median of the first arm's milliseconds. */
  first_ms: number;
  /** Median of the second arm's milliseconds. */
  second_ms: number;
  /**
   * Median over pairs of (first ÷ second): drift on a shared machine moves both
   * runs of a pair alike, so the pairs' ratios vary less than a ratio of the
   * medians would. 0 when no pair has a second run that took time.
   */
  ratio: number;
}

/**
 * Summarizes paired timings: `first[i]` and `second[i]` ran side by side.
 *
 * @example
 * summarizePairedTimes([1, 2, 4], [10, 10, 10]);
 * // { first_ms: 2, second_ms: 10, ratio: 0.2 }
 */
export function summarizePairedTimes(
  first: readonly number[],
  second: readonly number[],
): PairedTimes {
  const ratios = first.flatMap((firstMs, pair) => {
    const secondMs = second[pair];
    return secondMs === undefined || secondMs <= 0 ? [] : [firstMs / secondMs];
  });
  return { first_ms: median(first), second_ms: median(second), ratio: median(ratios) };
}
