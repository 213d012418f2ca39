import { describe, expect, it } from 'vitest';
import { summarizeStepCost } from './summarize-step-cost.js';

describe('summarizeStepCost', () => {
  it('divides each run by its steps and takes the medians, the ratio per pair', () => {
    const cost = summarizeStepCost({ oursMs: [3, 6], plainMs: [30, 30], steps: 3 });
    expect(cost).toMatchObject({ ours_ms_per_step: 1.5, plain_ai_ms_per_step: 10 });
    expect(cost.ratio).toBeCloseTo(0.15, 12);
    // The ratio is the median of the pairs' ratios, not the ratio of the medians.
    expect(summarizeStepCost({ oursMs: [1, 2, 9], plainMs: [10, 2, 90], steps: 1 })).toEqual({
      ours_ms_per_step: 2,
      plain_ai_ms_per_step: 10,
      ratio: 0.1,
    });
  });

  it('leaves out pairs whose plain run took no time, and reports zeros for no runs', () => {
    expect(summarizeStepCost({ oursMs: [4, 4], plainMs: [0, 8], steps: 2 }).ratio).toBe(0.5);
    expect(summarizeStepCost({ oursMs: [], plainMs: [], steps: 3 })).toEqual({
      ours_ms_per_step: 0,
      plain_ai_ms_per_step: 0,
      ratio: 0,
    });
  });
});
