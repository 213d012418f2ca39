import { describe, expect, it } from 'vitest';
import { padWithDistractors } from '../eval/generate-distractors.js';
import { freezeTools } from '../wrap/freeze-tools.js';
import { createBenchTools } from './create-bench-tools.js';
import { measureWrapperScaling } from './measure-wrapper-scaling.js';

describe('measureWrapperScaling', () => {
  it('times warm wrapper calls on a small and a large catalog, with their ratio', () => {
    const scaling = measureWrapperScaling({
      small: createBenchTools(padWithDistractors([], 100)),
      large: createBenchTools(padWithDistractors([], 200)),
      options: { mode: 'namespaces', environment: {}, onWarning: () => {} },
      batches: 5,
      batchSize: 3,
    });
    expect(scaling.small_ms).toBeGreaterThan(0);
    expect(scaling.large_ms).toBeGreaterThan(0);
    expect(scaling.ratio).toBeCloseTo(scaling.large_ms / scaling.small_ms, 10);
  });

  it('times frozen records too', () => {
    const scaling = measureWrapperScaling({
      small: freezeTools(createBenchTools(padWithDistractors([], 100))),
      large: freezeTools(createBenchTools(padWithDistractors([], 200))),
      options: { mode: 'namespaces', environment: {}, onWarning: () => {} },
      batches: 5,
      batchSize: 3,
    });
    expect(scaling.small_ms).toBeGreaterThan(0);
    expect(scaling.large_ms).toBeGreaterThan(0);
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
