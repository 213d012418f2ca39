import type { ToolSet } from 'ai';
import type { ToolDefinition } from 'tool-disclosure/catalog';
import { clearSearchIndexCache } from 'tool-disclosure/search';
import { freezeTools } from 'tool-disclosure/wrap';
import type { BenchEffort } from './bench-effort.js';
import type { BenchReport, StepCostRow, WrapperScalingReport } from './bench-report.js';
import { BENCH_STEP_COST_SIZES, BENCH_WRAPPER_SCALING_SIZES } from './bench-sizes.js';
import { createBenchTools } from './create-bench-tools.js';
import { describeBenchParameters } from './describe-bench-parameters.js';
import { measureStepCost, STEP_COST_CATALOGS, STEP_COST_STEPS } from './measure-step-cost.js';
import { BENCH_WRAPPER_OPTIONS } from './measure-wrapper-overhead.js';
import { measureWrapperScaling } from './measure-wrapper-scaling.js';
import { roundTo as round } from './round-to.js';

/** What the step cost's runs call: the judged corpus's clock tool, found by this search. */
const stepCostTask = {
  target: 'builtin__current_time',
  input: { timezone: 'Europe/Berlin' },
  query: 'current time in a time zone',
};

/** `bench --json`'s rows of the wrapper's cost as catalogs grow. */
export type WrapperRows = Required<Pick<BenchReport, 'wrapper_scaling' | 'step_cost'>>;

export interface MeasureWrapperRowsOptions {
  /** The measured sizes; each row is measured only when its sizes are among them. */
  sizes: readonly number[];
  /** The bench catalog at a size. */
  definitionsOf: (size: number) => ToolDefinition[];
  effort: Pick<BenchEffort, 'scalingBatches' | 'stepCostPairs'>;
  onProgress: (message: string) => void;
}

/**
 * The wrapper's warm cost per request at `BENCH_WRAPPER_SCALING_SIZES`,
 * frozen and not, and one step through `generateText` beside plain `ai`'s at
 * `BENCH_STEP_COST_SIZES`, for every catalog kind.
 */
export async function measureWrapperRows({
  sizes,
  definitionsOf,
  effort,
  onProgress,
}: MeasureWrapperRowsOptions): Promise<WrapperRows> {
  let wrapper_scaling: WrapperScalingReport | null = null;
  const { small, large } = BENCH_WRAPPER_SCALING_SIZES;
  if (sizes.includes(large)) {
    onProgress(`warm wrapper cost per request, ${small} and ${large} tools, frozen and not`);
    const { MockLanguageModelV4 } = await import('ai/test');
    // Never called: the wrapper wraps it as a request's model, so each call composes all it does.
    const model = new MockLanguageModelV4({ provider: 'tool-disclosure', modelId: 'bench-idle' });
    const scalingOf = (freeze: (tools: ToolSet) => ToolSet) => {
      const scaling = measureWrapperScaling({
        small: freeze(createBenchTools(definitionsOf(small))),
        large: freeze(createBenchTools(definitionsOf(large))),
        options: BENCH_WRAPPER_OPTIONS,
        model,
        batches: effort.scalingBatches,
      });
      return {
        ms_100: round(scaling.small_ms, 4),
        ms_10000: round(scaling.large_ms, 4),
        ratio: round(scaling.ratio, 2),
      };
    };
    wrapper_scaling = { ...scalingOf(freezeTools), unfrozen: scalingOf((tools) => tools) };
    clearSearchIndexCache();
  }

  const step_cost: StepCostRow[] = [];
  for (const size of BENCH_STEP_COST_SIZES.filter((size) => sizes.includes(size))) {
    const definitions = describeBenchParameters(definitionsOf(size));
    for (const catalog of STEP_COST_CATALOGS) {
      onProgress(
        `one step through generateText beside plain ai's, ${catalog} catalog, ${size} tools`,
      );
      const measured = await measureStepCost({
        ...stepCostTask,
        tools: createBenchTools(definitions, undefined, catalog),
        pairs: effort.stepCostPairs,
      });
      step_cost.push({
        catalog,
        tools: size,
        steps: STEP_COST_STEPS,
        ours_ms_per_step: round(measured.ours_ms_per_step, 3),
        plain_ai_ms_per_step: round(measured.plain_ai_ms_per_step, 3),
        ratio: round(measured.ratio, 4),
      });
      clearSearchIndexCache();
    }
  }
  return { wrapper_scaling, step_cost };
}
