import { describe, expect, it } from 'vitest';
import { sweepCoordinates } from './sweep-coordinates.js';
import { on, syntheticScores, x } from './synthetic-scores.case.js';

describe('sweepCoordinates', () => {
  it("gives the mean over the sets at each value of each coordinate, today's included", async () => {
    const { score } = syntheticScores();
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
