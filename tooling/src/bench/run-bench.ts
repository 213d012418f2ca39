import { fileURLToPath } from 'node:url';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import { FULL_BENCH_EFFORT, QUICK_BENCH_EFFORT } from './bench-effort.js';
import type { BenchReport } from './bench-report.js';
import {
  BENCH_COST_REQUESTS,
  BENCH_COST_SIZES,
  BENCH_COST_STEPS,
  BENCH_QUICK_COST_STEPS,
  BENCH_SIZES,
} from './bench-sizes.js';
import type { RealisticCatalog } from './load-realistic-catalog.js';
import { measureAppSpeed } from './measure-app-speed.js';
import type { CostPerTaskSet } from './measure-cost-per-task.js';
import { measureCostRows } from './measure-cost-rows.js';
import { measureFloorRows } from './measure-floor-rows.js';
import type { McpBenchServer } from './measure-mcp-cold-start.js';
import { measureReferenceRows } from './measure-reference-rows.js';
import { measureSizeRows } from './measure-size-rows.js';
import { measureStartupRows } from './measure-startup-rows.js';
import { measureWrapperRows } from './measure-wrapper-rows.js';
import { namespacesOf } from './namespaces-of.js';
import { PRICING_PROFILES, type PricingProfile } from './pricing-profiles.js';
import { toolsOfSize } from './tools-of-size.js';

export interface RunBenchOptions {
  /** The judged corpus: its tools are padded (or cut) to each size, its intents are the queries. */
  corpus: EvalCorpus;
  /** @default BENCH_SIZES */
  sizes?: readonly number[];
  /** Fewer rounds and repetitions, to finish within a minute. @default false */
  quick?: boolean;
  /** The built package whose import is timed. @default the installed library's root entry (its dist/index.js) */
  packageEntry?: string;
  /**
   * Every public tool set with real requests (`loadRealisticCatalog`), for the
   * floor comparison's realistic rows. @default none (no realistic rows)
   */
  realistic?: RealisticCatalog;
  /** Catalog sizes of the cost model. @default BENCH_COST_SIZES */
  costSizes?: readonly number[];
  /** Run lengths of the cost model. @default BENCH_COST_STEPS, or 5 and 20 when `quick` */
  costSteps?: readonly number[];
  /** Pricing profiles of the cost model. @default PRICING_PROFILES */
  pricing?: Readonly<Record<string, PricingProfile>>;
  /**
   * The judged sets of the retrieval-driven cost model (`cost_per_task`), each
   * over its own catalog. @default the bench corpus alone, over the bench catalog
   */
  costSets?: readonly CostPerTaskSet[];
  /** Requests per conversation of the retrieval-driven cost model. @default BENCH_COST_REQUESTS */
  costRequests?: readonly number[];
  /**
   * Stdio MCP servers of the MCP cold start measurement (`mcp_cold_start`).
   * @default none (`mcp_cold_start` is null)
   */
  mcpServers?: readonly McpBenchServer[];
  /** Receives progress lines. @default nothing */
  onProgress?: (message: string) => void;
}

const silent = () => {};

/**
 * Measures tokens, the built-in `toolSearch` comparison, overhead, the cost
 * of a step beside plain `ai`'s, cold start, search latency and index heap in
 * this process, one phase (`measure*Rows`, `measureAppSpeed`) after another.
 * Compared variants alternate round by round, so machine drift affects both
 * alike.
 *
 * @example
 * const report = await runBench({ corpus: await loadEvalCorpus('corpus/judged-corpus.json'), quick: true });
 */
export async function runBench({
  corpus,
  sizes = BENCH_SIZES,
  quick = false,
  packageEntry = fileURLToPath(import.meta.resolve('tool-disclosure')),
  realistic,
  costSizes = BENCH_COST_SIZES,
  costSteps = quick ? BENCH_QUICK_COST_STEPS : BENCH_COST_STEPS,
  pricing = PRICING_PROFILES,
  costSets,
  costRequests = BENCH_COST_REQUESTS,
  mcpServers = [],
  onProgress = silent,
}: RunBenchOptions): Promise<BenchReport> {
  const effort = quick ? QUICK_BENCH_EFFORT : FULL_BENCH_EFFORT;
  const namespaces = namespacesOf(corpus.namespaces);
  const definitionsOf = (size: number) => toolsOfSize(corpus.tools, size);
  const queries = corpus.intents.map((intent) => intent.query);
  const measuredSizes = [...new Set(sizes)].sort((left, right) => left - right);
  const common = { sizes: measuredSizes, definitionsOf, effort, onProgress };

  // The phases run one after another, in this order, each releasing its catalogs before the next.
  const sizeRows = await measureSizeRows({ ...common, namespaces, queries });
  const referenceRows = await measureReferenceRows({
    definitionsOf,
    namespaces,
    packageEntry,
    effort,
    onProgress,
  });
  const floorRows = await measureFloorRows({ ...common, namespaces, queries, realistic });
  const wrapperRows = await measureWrapperRows(common);
  const appSpeed = await measureAppSpeed({
    sizes: measuredSizes,
    appDefinitionsOf: (size) =>
      realistic === undefined ? definitionsOf(size) : toolsOfSize(realistic.tools, size),
    benchDefinitionsOf: definitionsOf,
    namespaces,
    packageEntry,
    effort,
    onProgress,
  });
  const costRows = await measureCostRows({
    corpus,
    definitionsOf,
    namespaces,
    sizes: costSizes,
    stepCounts: costSteps,
    pricing,
    sets: costSets,
    requestCounts: costRequests,
    quick,
    onProgress,
  });
  const startupRows = await measureStartupRows({ ...common, packageEntry, mcpServers });

  // The report's key order is bench --json's contract.
  return {
    tokens: sizeRows.tokens,
    builtin_tool_search: referenceRows.builtin_tool_search,
    ours: referenceRows.ours,
    overhead_ratio: referenceRows.overhead_ratio,
    wrapper_ms_per_request: referenceRows.wrapper_ms_per_request,
    fresh_record_ms_per_request: referenceRows.fresh_record_ms_per_request,
    fresh_record_ratio: referenceRows.fresh_record_ratio,
    build_ms: sizeRows.build_ms,
    import_ms: referenceRows.import_ms,
    search_ms: sizeRows.search_ms,
    heap_mb_10000: sizeRows.heap_mb_10000,
    floor: floorRows.floor,
    adversarial: floorRows.adversarial,
    wrapper_scaling: wrapperRows.wrapper_scaling,
    cost_model: costRows.cost_model,
    cost_model_pricing: costRows.cost_model_pricing,
    mcp_cold_start: startupRows.mcp_cold_start,
    long_descriptions: startupRows.long_descriptions,
    cold_process: startupRows.cold_process,
    step_cost: wrapperRows.step_cost,
    cost_per_task: costRows.cost_per_task,
    ...appSpeed,
    engines: floorRows.engines,
  };
}
