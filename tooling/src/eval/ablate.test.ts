import { InvalidOptionError } from 'tool-disclosure/error';
import { describe, expect, it } from 'vitest';
import { ablate } from './ablate.js';
import { createScoreMemo } from './create-score-memo.js';
import { crossValidate } from './cross-validate.js';
import type { ParameterPoint } from './parameter-point.js';
import type { ScoreSet, SetScore } from './set-score.js';
import { on, scoreOf, syntheticScores, x } from './synthetic-scores.case.js';

describe('ablate', () => {
  it("switches a signal off at each fold's chosen point and says whether it pays", async () => {
    const { score } = syntheticScores();
    const memo = createScoreMemo(score);
    const crossValidation = await crossValidate({
      sets: ['A', 'B', 'C'],
      coordinates: [x],
      score: memo,
    });
    const [off, low] = await ablate({
      crossValidation,
      ablations: [
        { signal: 'on', point: { on: false } },
        { signal: 'x at 0', point: { x: 0 } },
      ],
      coordinates: [x, on],
      score: memo,
    });
    expect(off?.folds.map((fold) => fold.ndcg_at_10_change)).toEqual([
      expect.closeTo(-0.1, 12),
      expect.closeTo(-0.1, 12),
      expect.closeTo(-0.1, 12),
    ]);
    expect(off?.pays).toBe(true);
    // x at 0 out of fold: A 0.5 (was 0.4), B 0.5 (today's), C 0.5 (was 0.3): no loss anywhere.
    expect(low?.folds.map((fold) => fold.without.ndcg_at_10)).toEqual([0.5, 0.5, 0.5]);
    expect(low?.mean_ndcg_at_10_change).toBeCloseTo(0.1, 12);
    expect(low?.pays).toBe(false);
  });

  it('counts a set dropping more than maxDrop, lower no-match accuracy or more false empties as paying', async () => {
    const byPoint = (point: ParameterPoint, set: string): SetScore => {
      const base = { ...scoreOf(0.5), no_match_accuracy: set === 'A' ? 1 : null };
      if (point.drop === true) return { ...base, ndcg_at_10: set === 'A' ? 0.48 : 0.6 };
      if (point.noMatch === true) return { ...base, no_match_accuracy: set === 'A' ? 0.5 : null };
      if (point.empty === true) return { ...base, false_empty_rate: 0.01 };
      return base;
    };
    const score: ScoreSet = async (set, point) => byPoint(point, set);
    const switches = ['drop', 'noMatch', 'empty'].map((name) => ({
      name,
      start: false,
      values: [false, true],
    }));
    const crossValidation = await crossValidate({ sets: ['A', 'B'], coordinates: [], score });
    const results = await ablate({
      crossValidation,
      ablations: switches.map(({ name }) => ({ signal: name, point: { [name]: true } })),
      coordinates: switches,
      score,
    });
    expect(results.map((result) => [result.signal, result.pays])).toEqual([
      ['drop', true],
      ['noMatch', true],
      ['empty', true],
    ]);
    expect(results[0]?.mean_ndcg_at_10_change).toBeGreaterThan(0);
    expect(results[1]?.mean_no_match_change).toBeCloseTo(-0.5, 12);
  });

  it('refuses a coordinate the search does not have', async () => {
    const { score } = syntheticScores();
    const crossValidation = await crossValidate({ sets: ['A', 'B'], coordinates: [x], score });
    await expect(
      ablate({
        crossValidation,
        ablations: [{ signal: 'y', point: { y: 1 } }],
        coordinates: [x],
        score,
      }),
    ).rejects.toThrow(InvalidOptionError);
  });
});
