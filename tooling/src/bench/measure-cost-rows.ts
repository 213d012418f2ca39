import type { NamespaceDeclaration, ToolDefinition } from 'tool-disclosure/catalog';
import { clearSearchIndexCache } from 'tool-disclosure/search';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import type { BenchReport } from './bench-report.js';
import { measureCostModel } from './measure-cost-model.js';
import { type CostPerTaskSet, measureCostPerTask } from './measure-cost-per-task.js';
import type { PricingProfile } from './pricing-profiles.js';

/** `bench --json`'s rows of what a run costs in input tokens. */
export type CostRows = Required<
  Pick<BenchReport, 'cost_model' | 'cost_model_pricing' | 'cost_per_task'>
>;

export interface MeasureCostRowsOptions {
  /** The judged corpus: its intents drive the cost model, and it is the default judged set. */
  corpus: EvalCorpus;
  /** The bench catalog at a size. */
  definitionsOf: (size: number) => ToolDefinition[];
  namespaces: Record<string, NamespaceDeclaration>;
  /** Catalog sizes of both cost models; `quick` keeps only the smallest for `cost_per_task`. */
  sizes: readonly number[];
  /** Run lengths of the cost model, in model calls. */
  stepCounts: readonly number[];
  pricing: Readonly<Record<string, PricingProfile>>;
  /** The judged sets of `cost_per_task`; the corpus alone, over the bench catalog, when absent. */
  sets: readonly CostPerTaskSet[] | undefined;
  /** Requests per conversation of `cost_per_task`. */
  requestCounts: readonly number[];
  quick: boolean;
  onProgress: (message: string) => void;
}

/**
 * The scripted cost model (`measureCostModel`) with its pricing profiles, and
 * the retrieval-driven one (`measureCostPerTask`).
 */
export async function measureCostRows({
  corpus,
  definitionsOf,
  namespaces,
  sizes,
  stepCounts,
  pricing,
  sets,
  requestCounts,
  quick,
  onProgress,
}: MeasureCostRowsOptions): Promise<CostRows> {
  const cost_model = await measureCostModel({
    definitionsOf,
    namespaces,
    intents: corpus.intents,
    sizes,
    stepCounts,
    pricing,
    onProgress,
  });
  clearSearchIndexCache();
  // --quick measures the retrieval-driven cost model at the smallest cost size only.
  const costPerTaskSizes = quick ? [Math.min(...sizes)].filter(Number.isFinite) : sizes;
  const cost_per_task = await measureCostPerTask({
    sets: sets ?? [{ name: corpus.name, tools: corpus.tools, namespaces, intents: corpus.intents }],
    sizes: costPerTaskSizes,
    requestCounts,
    pricing,
    onProgress,
  });
  clearSearchIndexCache();
  return {
    cost_model,
    cost_model_pricing: Object.fromEntries(
      Object.entries(pricing).map(([name, profile]) => [name, { ...profile }]),
    ),
    cost_per_task,
  };
}
