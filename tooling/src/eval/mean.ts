/** Differences of sums of the same scores in another order: no change. */
export const noise = 1e-9;

/** The mean of `values`; 0 for none. */
export function mean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return values.length === 0 ? 0 : sum / values.length;
}
