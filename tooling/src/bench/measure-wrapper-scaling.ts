import { performance } from 'node:perf_hooks';
import type { LanguageModel, ToolSet } from 'ai';
import { type ToolDisclosureOptions, withToolDisclosureSync } from 'tool-disclosure/wrap';
import { median } from './percentile.js';

/** The warm wrapper's cost per request on a small and a large catalog. */
export interface WrapperScaling {
  small_ms: number;
  large_ms: number;
  /** `large_ms / small_ms`: 1 when the warm cost does not grow with the catalog. */
  ratio: number;
}

export interface MeasureWrapperScalingOptions {
  small: ToolSet;
  large: ToolSet;
  options: ToolDisclosureOptions;
  /**
   * The requests' model, never called: with one the wrapper wraps it as a
   * request's, so each call composes all a request does. @default none
   */
  model?: LanguageModel;
  /** Batches per catalog, alternated. @default 41 */
  batches?: number;
  /** Calls per batch. @default 10 */
  batchSize?: number;
  /** The clock, in milliseconds. @default performance.now */
  now?: () => number;
}

/**
 * Median over batches of the mean cost of one warm `withToolDisclosureSync`
 * call (the same tools record each time) on a small and a large catalog, the
 * two alternating batch by batch (and which goes first alternating too).
 * Records frozen with `freezeTools` are read once; others are checked key by
 * key on every call, so pass frozen ones to measure what a frozen catalog costs.
 * Throws when the wrapper does not defer one of the catalogs (it would hand
 * that record back as it is, and the ratio would compare two different paths).
 *
 * @example
 * const { ratio } = measureWrapperScaling({ small: tools100, large: tools10000, options: {} });
 */
export function measureWrapperScaling({
  small,
  large,
  options,
  model,
  batches = 41,
  batchSize = 10,
  now = () => performance.now(),
}: MeasureWrapperScalingOptions): WrapperScaling {
  const withModel = model === undefined ? {} : { model };
  const smallParams = { ...withModel, prompt: 'Say ok.', tools: small };
  const largeParams = { ...withModel, prompt: 'Say ok.', tools: large };
  const smallCall = () => withToolDisclosureSync(smallParams, options);
  const largeCall = () => withToolDisclosureSync(largeParams, options);
  for (let warmup = 0; warmup < 20; warmup++) {
    smallCall();
    largeCall();
  }
  for (const [call, tools] of [
    [smallCall, small],
    [largeCall, large],
  ] as const) {
    if (!Object.keys(call().tools ?? {}).includes('tool_search')) {
      throw new Error(
        `the wrapper did not defer the ${Object.keys(tools).length}-tool catalog: its warm cost is not the deferred path's`,
      );
    }
  }
  const batch = (call: () => unknown) => {
    const start = now();
    for (let index = 0; index < batchSize; index++) call();
    return (now() - start) / batchSize;
  };
  const smallTimes: number[] = [];
  const largeTimes: number[] = [];
  for (let round = 0; round < batches; round++) {
    if (round % 2 === 0) {
      smallTimes.push(batch(smallCall));
      largeTimes.push(batch(largeCall));
    } else {
      largeTimes.push(batch(largeCall));
      smallTimes.push(batch(smallCall));
    }
  }
  const small_ms = median(smallTimes);
  const large_ms = median(largeTimes);
  return { small_ms, large_ms, ratio: small_ms > 0 ? large_ms / small_ms : 0 };
}
