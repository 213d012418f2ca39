import { InvalidOptionError } from 'tool-disclosure/error';
import { describe, expect, it } from 'vitest';
import { crossValidate } from './cross-validate.js';
import { pointKey } from './parameter-point.js';
import type { ScoreSet } from './set-score.js';
import { on, scoreOf, syntheticScores, x } from './synthetic-scores.case.js';

describe('crossValidate', () => {
  it('chooses on the other sets, scores the held-out one and averages over the sets', async () => {
    const { score } = syntheticScores();
    const result = await crossValidate({ sets: ['A', 'B', 'C'], coordinates: [x], score });
    // Without A: B and C rise most at x = 2. Without B: x = 2 would leave A 0.1 below today,
    // x = 1 lowers the mean: today's. Without C: x = 1.
    expect(result.folds.map((fold) => [fold.set, fold.chosen.point])).toEqual([
      ['A', { x: 2 }],
      ['B', {}],
      ['C', { x: 1 }],
    ]);
    expect(result.folds.map((fold) => fold.out_of_fold.ndcg_at_10)).toEqual([0.4, 0.5, 0.3]);
    // On every set, x = 2 would leave A too low and x = 1 only ties today's mean.
    expect(result.chosen_on_all.point).toEqual({});
    expect(result.folds.map((fold) => fold.in_fold.ndcg_at_10)).toEqual([0.5, 0.5, 0.5]);
    expect(result.mean_out_of_fold.ndcg_at_10).toBeCloseTo(0.4, 12);
    expect(result.mean_out_of_fold.recall_at_5).toBeCloseTo(0.2, 12);
    expect(result.mean_out_of_fold.mrr).toBeCloseTo(0.1, 12);
    expect(result.mean_in_fold.ndcg_at_10).toBeCloseTo(0.5, 12);
    expect(result.mean_defaults.ndcg_at_10).toBeCloseTo(0.5, 12);
    expect(result.folds[0]?.chosen).toMatchObject({ start_mean: 0.5, chosen_mean: 0.8 });
  });

  it('takes a value only when no training set drops more than maxStepDrop and maxDrop', async () => {
    const { score } = syntheticScores();
    const loose = await crossValidate({
      sets: ['A', 'B', 'C'],
      coordinates: [x],
      score,
      maxDrop: 0.2,
      maxStepDrop: Number.POSITIVE_INFINITY,
    });
    expect(loose.folds[1]?.chosen.point).toEqual({ x: 2 });
    expect(loose.chosen_on_all.point).toEqual({ x: 2 });
  });

  it('scores each set and point once, however many folds ask', async () => {
    const { calls, score } = syntheticScores();
    await crossValidate({ sets: ['A', 'B', 'C'], coordinates: [x, on], score });
    expect(new Set(calls).size).toBe(calls.length);
    // Every set today and at x = 1 (C last, too low); x = 2 leaves A too low, so without A
    // alone are B and C scored there. The switch off lowers the first set scored at once: at
    // today's values (A), at x = 2 (B, without A) and at x = 1 (A, without C).
    expect(calls.length).toBe(3 + 3 + 1 + 2 + 1 + 1 + 1);
  });

  it('tries at most `budget` candidates per choice, in order, and stops a pass that moved nothing', async () => {
    const progress: string[] = [];
    const { score } = syntheticScores();
    await crossValidate({
      sets: ['A', 'B', 'C'],
      coordinates: [x, on],
      score,
      budget: 1,
      onCandidate: ({ heldOut, evaluations, point }) =>
        progress.push(`${heldOut ?? '*'} ${evaluations} ${pointKey(point)}`),
    });
    expect(progress).toEqual(['* 1 [["x",1]]', 'A 1 [["x",1]]', 'B 1 [["x",1]]', 'C 1 [["x",1]]']);
  });

  it('scores the training sets cheapest first and stops at the first one too low', async () => {
    const { calls, score } = syntheticScores();
    const result = await crossValidate({
      sets: ['A', 'B', 'C'],
      coordinates: [x],
      score,
      costOf: (set) => ({ A: 3, B: 2, C: 1 })[set] as number,
    });
    expect(calls.slice(0, 3)).toEqual(['C []', 'B []', 'A []']);
    // On every set, x = 1 is refused at C (0.3), x = 2 scored on C and B, then refused at A.
    expect(calls.slice(3, 7)).toEqual(['C [["x",1]]', 'C [["x",2]]', 'B [["x",2]]', 'A [["x",2]]']);
    expect(result.folds.map((fold) => fold.chosen.point)).toEqual([{ x: 2 }, {}, { x: 1 }]);
  });

  it('keeps today on a tie and is deterministic', async () => {
    const flat: ScoreSet = async () => scoreOf(0.5);
    const first = await crossValidate({ sets: ['A', 'B'], coordinates: [x, on], score: flat });
    const second = await crossValidate({ sets: ['A', 'B'], coordinates: [x, on], score: flat });
    expect(first.chosen_on_all.point).toEqual({});
    expect(JSON.stringify(first)).toBe(JSON.stringify(second));
    // One pass: nothing moved.
    expect(first.chosen_on_all.evaluations).toBe(3);
  });

  it('refuses fewer than two distinct sets', async () => {
    const { score } = syntheticScores();
    for (const sets of [['A'], ['A', 'A']]) {
      await expect(crossValidate({ sets, coordinates: [x], score })).rejects.toThrow(
        InvalidOptionError,
      );
    }
  });
});
