import { freezeTools } from 'tool-disclosure/wrap';
import { describe, expect, it } from 'vitest';
import { padWithDistractors } from '../eval/generate-distractors.js';
import { createBenchTools } from './create-bench-tools.js';
import { measureWrapperScaling } from './measure-wrapper-scaling.js';
import { scriptedClock } from './scripted-clock.case.js';

describe('measureWrapperScaling', () => {
  it('reports the median per-call time of alternating batches, and their ratio', () => {
    // Three batches of two calls each, alternating which catalog goes first:
    // small, large | large, small | small, large.
    const clock = scriptedClock([20, 100, 300, 40, 60, 80]);
    const scaling = measureWrapperScaling({
      small: createBenchTools(padWithDistractors([], 100)),
      large: createBenchTools(padWithDistractors([], 200)),
      options: { mode: 'namespaces', environment: {}, onWarning: () => {} },
      batches: 3,
      batchSize: 2,
      now: clock.now,
    });
    // Small: 10, 20, 30 ms per call; large: 50, 150, 40.
    expect(scaling).toEqual({ small_ms: 20, large_ms: 50, ratio: 2.5 });
    expect(clock.unused()).toBe(0);
  });

  it('times frozen records too, and reads 0 as the ratio when the small catalog took no time', () => {
    const scaling = measureWrapperScaling({
      small: freezeTools(createBenchTools(padWithDistractors([], 100))),
      large: freezeTools(createBenchTools(padWithDistractors([], 200))),
      options: { mode: 'namespaces', environment: {}, onWarning: () => {} },
      batches: 1,
      batchSize: 3,
      now: scriptedClock([0, 9]).now,
    });
    expect(scaling).toEqual({ small_ms: 0, large_ms: 3, ratio: 0 });
  });

  it('composes with a model, which it never calls', async () => {
    const { MockLanguageModelV4 } = await import('ai/test');
    const model = new MockLanguageModelV4();
    measureWrapperScaling({
      small: createBenchTools(padWithDistractors([], 100)),
      large: createBenchTools(padWithDistractors([], 200)),
      options: { mode: 'namespaces', environment: {}, onWarning: () => {} },
      model,
      batches: 1,
      batchSize: 1,
    });
    expect(model.doGenerateCalls).toEqual([]);
  });

  it('refuses a catalog the wrapper does not defer: its cost is not the deferred path', () => {
    expect(() =>
      measureWrapperScaling({
        small: createBenchTools(padWithDistractors([], 3)),
        large: createBenchTools(padWithDistractors([], 200)),
        options: { mode: 'namespaces', environment: {}, onWarning: () => {} },
        batches: 1,
        batchSize: 1,
      }),
    ).toThrow('the wrapper did not defer the 3-tool catalog');
  });
});
