import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import {
  ablate,
  createScoreMemo,
  crossValidate,
  type ParameterCoordinate,
  type ParameterPoint,
  pointKey,
  rechooseWithout,
  type ScoreSet,
  type SetScore,
  sweepCoordinates,
  valueAt,
  withValue,
} from './cross-validate.js';

const x: ParameterCoordinate = { name: 'x', start: 0, values: [0, 1, 2] };
const on: ParameterCoordinate = { name: 'on', start: true, values: [true, false] };

/** Each set's NDCG@10 by the value of `x` (and 0.1 less with `on` false). */
const table: Record<string, readonly number[]> = {
  A: [0.5, 0.6, 0.4],
  B: [0.5, 0.6, 0.7],
  C: [0.5, 0.3, 0.9],
};

function scoreOf(ndcg: number): SetScore {
  return {
    ndcg_at_10: ndcg,
    recall_at_5: ndcg / 2,
    mrr: ndcg / 4,
    false_empty_rate: 0,
    no_match_accuracy: null,
  };
}

/** A synthetic scoring of `table`, counting its calls. */
function synthetic() {
  const calls: string[] = [];
  const score: ScoreSet = async (set, point) => {
    calls.push(`${set} ${pointKey(point)}`);
    const ndcg = (table[set] as readonly number[])[valueAt(point, x) as number] as number;
    return scoreOf(valueAt(point, on) === false ? ndcg - 0.1 : ndcg);
  };
  return { calls, score };
}

describe('crossValidate', () => {
  it('chooses on the other sets, scores the held-out one and averages over the sets', async () => {
    const { score } = synthetic();
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
    const { score } = synthetic();
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
    const { calls, score } = synthetic();
    await crossValidate({ sets: ['A', 'B', 'C'], coordinates: [x, on], score });
    expect(new Set(calls).size).toBe(calls.length);
    // Every set today and at x = 1 (C last, too low); x = 2 leaves A too low, so without A
    // alone are B and C scored there. The switch off lowers the first set scored at once: at
    // today's values (A), at x = 2 (B, without A) and at x = 1 (A, without C).
    expect(calls.length).toBe(3 + 3 + 1 + 2 + 1 + 1 + 1);
  });

  it('tries at most `budget` candidates per choice, in order, and stops a pass that moved nothing', async () => {
    const progress: string[] = [];
    const { score } = synthetic();
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
    const { calls, score } = synthetic();
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
    const { score } = synthetic();
    for (const sets of [['A'], ['A', 'A']]) {
      await expect(crossValidate({ sets, coordinates: [x], score })).rejects.toThrow(
        InvalidOptionError,
      );
    }
  });
});

describe('ablate', () => {
  it("switches a signal off at each fold's chosen point and says whether it pays", async () => {
    const { score } = synthetic();
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
    const { score } = synthetic();
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

describe('rechooseWithout', () => {
  it('runs every choice again without the signal and compares each held-out set', async () => {
    const { score } = synthetic();
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

describe('sweepCoordinates', () => {
  it("gives the mean over the sets at each value of each coordinate, today's included", async () => {
    const { score } = synthetic();
    const sweeps = await sweepCoordinates({
      sets: ['A', 'B', 'C'],
      coordinates: [{ ...x, values: [1, 2] }, on],
      score,
    });
    expect(sweeps.map(({ name, values }) => [name, values.map((one) => one.value)])).toEqual([
      ['x', [0, 1, 2]],
      ['on', [true, false]],
    ]);
    expect(sweeps[0]?.values.map((one) => one.ndcg_at_10)).toEqual([
      expect.closeTo(0.5, 12),
      expect.closeTo(0.5, 12),
      expect.closeTo(2 / 3, 12),
    ]);
    expect(sweeps[1]?.values[1]?.ndcg_at_10).toBeCloseTo(0.4, 12);
  });
});

describe('points', () => {
  it('list only the coordinates moved from the start, keyed whatever their order', () => {
    const point = withValue(withValue({}, x, 2), on, false);
    expect(point).toEqual({ x: 2, on: false });
    expect(withValue(point, x, 0)).toEqual({ on: false });
    expect(valueAt({}, x)).toBe(0);
    expect(pointKey({ x: 2, on: false })).toBe(pointKey({ on: false, x: 2 }));
    expect(pointKey({})).toBe('[]');
  });
});
