import { performance } from 'node:perf_hooks';
import type { ToolSet } from 'ai';
import {
  type ToolDisclosureOptions,
  withToolDisclosureSync,
} from '../wrap/with-tool-disclosure.js';
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
  /** Batches per catalog, alternated. @default 41 */
  batches?: number;
  /** Calls per batch. @default 10 */
  batchSize?: number;
}

/**
 * Median over batches of the mean cost of one warm `withToolDisclosureSync`
 * call (the same tools record each time) on a small and a large catalog, the
 * two alternating batch by batch (and which goes first alternating too).
 * Records frozen with `freezeTools` are read once; others are checked key by
 * key on every call, so pass frozen ones to measure what a frozen catalog costs.
 *
 * @example
 * const { ratio } = measureWrapperScaling({ small: tools100, large: tools10000, options: {} });
 */
export function measureWrapperScaling({
  small,
  large,
  options,
  batches = 41,
  batchSize = 10,
}: MeasureWrapperScalingOptions): WrapperScaling {
  const smallParams = { prompt: 'Say ok.', tools: small };
  const largeParams = { prompt: 'Say ok.', tools: large };
  const smallCall = () => withToolDisclosureSync(smallParams, options);
  const largeCall = () => withToolDisclosureSync(largeParams, options);
  for (let warmup = 0; warmup < 20; warmup++) {
    smallCall();
    largeCall();
  }
  const batch = (call: () => unknown) => {
    const start = performance.now();
    for (let index = 0; index < batchSize; index++) call();
    return (performance.now() - start) / batchSize;
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
