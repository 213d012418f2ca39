import { performance } from 'node:perf_hooks';
import type { ToolSet } from 'ai';
import { withToolDisclosureSync } from 'tool-disclosure/wrap';
import type { BenchEffort } from './bench-effort.js';
import { BENCH_WRAPPER_OPTIONS } from './measure-wrapper-overhead.js';
import { median } from './percentile.js';

/**
 * Median over batches of the mean cost of one `withToolDisclosureSync` call:
 * on a warm cache with the same record, and with a fresh record of the same
 * tools per call (its copy included, as an application pays it). The two
 * alternate batch by batch, so machine drift affects both alike.
 */
export function measureWrapperCost(
  tools: ToolSet,
  effort: Pick<BenchEffort, 'wrapperBatches' | 'wrapperBatchSize'>,
): { warm: number; fresh: number; ratio: number } {
  const params = { prompt: 'Say ok.', tools };
  const warmCall = () => withToolDisclosureSync(params, BENCH_WRAPPER_OPTIONS);
  const freshCall = () =>
    withToolDisclosureSync({ prompt: 'Say ok.', tools: { ...tools } }, BENCH_WRAPPER_OPTIONS);
  for (let warmup = 0; warmup < 20; warmup++) {
    warmCall();
    freshCall();
  }
  const batch = (call: () => unknown) => {
    const start = performance.now();
    for (let index = 0; index < effort.wrapperBatchSize; index++) call();
    return (performance.now() - start) / effort.wrapperBatchSize;
  };
  const warm: number[] = [];
  const fresh: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < effort.wrapperBatches; round++) {
    const [first, second] = round % 2 === 0 ? [warmCall, freshCall] : [freshCall, warmCall];
    const firstMs = batch(first);
    const secondMs = batch(second);
    const [warmMs, freshMs] = round % 2 === 0 ? [firstMs, secondMs] : [secondMs, firstMs];
    warm.push(warmMs);
    fresh.push(freshMs);
    ratios.push(freshMs / warmMs);
  }
  return { warm: median(warm), fresh: median(fresh), ratio: median(ratios) };
}
