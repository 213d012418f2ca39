import { describe, expect, it } from 'vitest';
import { crossValidate } from './cross-validate.js';
import type { ParameterCoordinate } from './parameter-point.js';
import { rechooseWithout } from './rechoose-without.js';
import { on, syntheticScores, x } from './synthetic-scores.case.js';

describe('rechooseWithout', () => {
  it('runs every choice again without the signal and compares each held-out set', async () => {
    const { score } = syntheticScores();
    const noop: ParameterCoordinate = { name: 'noop', start: true, values: [true, false] };
    const options = { sets: ['A', 'B', 'C'], coordinates: [x, on, noop], score };
    const crossValidation = await crossValidate(options);
    const off = await rechooseWithout({
      ...options,
      crossValidation,
      ablation: { signal: 'on', point: { on: false } },
    });
    expect(off.folds.map((fold) => fold.out_of_fold.ndcg_at_10)).toEqual([
      expect.closeTo(0.3, 12),
      expect.closeTo(0.4, 12),
      expect.closeTo(0.2, 12),
    ]);
    expect(off.mean_ndcg_at_10_change).toBeCloseTo(-0.1, 12);
    expect(off.pays).toBe(true);
    const nothing = await rechooseWithout({
      ...options,
      crossValidation,
      ablation: { signal: 'noop', point: { noop: false } },
    });
    expect(nothing.mean_ndcg_at_10_change).toBe(0);
    expect(nothing.pays).toBe(false);
  });
});
