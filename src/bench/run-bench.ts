import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { ToolSet } from 'ai';
import type { Catalog } from '../catalog/catalog.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createCatalog, type NamespaceDeclaration } from '../catalog/create-catalog.js';
import type { ToolDefinition } from '../catalog/tool-definition.js';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import { padWithDistractors } from '../eval/generate-distractors.js';
import { clearSearchIndexCache, getSearchIndex } from '../search/get-search-index.js';
import type { Ranker, SearchIndex } from '../search/ranker.js';
import { RANKERS } from '../search/rankers.js';
import { freezeTools } from '../wrap/freeze-tools.js';
import { adversarialQueries } from './adversarial-queries.js';
import { FULL_BENCH_EFFORT, QUICK_BENCH_EFFORT } from './bench-effort.js';
import type {
  AdversarialReport,
  BenchReport,
  StepCostRow,
  WrapperScalingReport,
} from './bench-report.js';
import {
  BENCH_COLD_PROCESS_SIZES,
  BENCH_COST_REQUESTS,
  BENCH_COST_SIZES,
  BENCH_COST_STEPS,
  BENCH_FLOOR_SIZES,
  BENCH_QUICK_COST_STEPS,
  BENCH_REFERENCE_SIZE,
  BENCH_SIZES,
  BENCH_STEP_COST_SIZES,
  BENCH_WRAPPER_SCALING_SIZES,
} from './bench-sizes.js';
import { createBenchTools } from './create-bench-tools.js';
import { describeBenchParameters } from './describe-bench-parameters.js';
import { exposeGc } from './expose-gc.js';
import type { RealisticCatalog } from './load-realistic-catalog.js';
import { measureAdversarialWorst } from './measure-adversarial-worst.js';
import { measureAppSpeed } from './measure-app-speed.js';
import { type ColdProcess, measureColdProcess } from './measure-cold-process.js';
import { measureCostModel } from './measure-cost-model.js';
import { type CostPerTaskSet, measureCostPerTask } from './measure-cost-per-task.js';
import { measureDisclosureTokens } from './measure-disclosure-tokens.js';
import { type EngineRatio, measureEngineRatios } from './measure-engine-ratios.js';
import {
  type FloorMeasurement,
  type FloorRatio,
  measureFloorRatios,
} from './measure-floor-ratios.js';
import { measureImport } from './measure-import.js';
import { measureIndexHeap } from './measure-index-heap.js';
import {
  type LongDescriptionBuild,
  measureLongDescriptionBuild,
} from './measure-long-description-build.js';
import {
  type McpBenchServer,
  type McpColdStart,
  measureMcpColdStart,
} from './measure-mcp-cold-start.js';
import { measureSearchLatency } from './measure-search-latency.js';
import { measureStepCost, STEP_COST_CATALOGS, STEP_COST_STEPS } from './measure-step-cost.js';
import { measureWrapperCost } from './measure-wrapper-cost.js';
import { BENCH_WRAPPER_OPTIONS, measureWrapperOverhead } from './measure-wrapper-overhead.js';
import { measureWrapperScaling } from './measure-wrapper-scaling.js';
import { median } from './percentile.js';
import { PRICING_PROFILES, type PricingProfile } from './pricing-profiles.js';
import { roundTo as round } from './round-to.js';
import { runScriptedToolTask } from './run-scripted-tool-task.js';

/** The catalog size whose index heap is measured. */
const heapSize = 10_000;

/** The catalog size at which builds with 64 KB descriptions are compared with ordinary ones. */
const LONG_DESCRIPTION_TOOLS = 1000;

/** What the step cost's runs call: the judged corpus's clock tool, found by this search. */
const stepCostTask = {
  target: 'builtin__current_time',
  input: { timezone: 'Europe/Berlin' },
  query: 'current time in a time zone',
};

/** Longest `adversarial.worst_query` text in the report, in code points. */
const worstQueryLength = 80;

export interface RunBenchOptions {
  /** The judged corpus: its tools are padded (or cut) to each size, its intents are the queries. */
  corpus: EvalCorpus;
  /** @default BENCH_SIZES */
  sizes?: readonly number[];
  /** Fewer rounds and repetitions, to finish within a minute. @default false */
  quick?: boolean;
  /** The built package whose import is timed. @default dist/index.js of this package */
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
 * this process. Compared variants alternate round by round, so machine drift
 * affects both alike.
 *
 * @example
 * const report = await runBench({ corpus: await loadEvalCorpus('corpus/judged-corpus.json'), quick: true });
 */
export async function runBench({
  corpus,
  sizes = BENCH_SIZES,
  quick = false,
  packageEntry = fileURLToPath(new URL('../../dist/index.js', import.meta.url)),
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
  const definitionsOf = (size: number): ToolDefinition[] =>
    size <= corpus.tools.length
      ? corpus.tools.slice(0, size)
      : padWithDistractors(corpus.tools, size);
  const queries = corpus.intents.map((intent) => intent.query);
  const ranker = (RANKERS.default as () => Ranker)();

  const tokens: BenchReport['tokens'] = {};
  const build_ms: BenchReport['build_ms'] = {};
  const search_ms: BenchReport['search_ms'] = {};
  let heap_mb_10000: number | null = null;
  const collect = exposeGc();
  for (const size of [...new Set(sizes)].sort((left, right) => left - right)) {
    onProgress(`size ${size}: build, tokens, search`);
    const definitions = definitionsOf(size);
    const builds: number[] = [];
    let built: { catalog: Catalog; index: SearchIndex } | undefined;
    for (let build = 0; build < effort.builds; build++) {
      const tools = createBenchTools(definitions);
      clearSearchIndexCache();
      // Each build starts from a collected heap, so it does not pay for the previous build's garbage.
      collect();
      const start = performance.now();
      const catalog = await createCatalog({ tools, namespaces });
      const disclosure = createDisclosure({
        catalog,
        mode: 'namespaces',
        environment: {},
        onWarning: silent,
      });
      const index = await getSearchIndex(disclosure.authorized, ranker);
      builds.push(performance.now() - start);
      built = { catalog, index };
    }
    const { catalog, index } = built as { catalog: Catalog; index: SearchIndex };
    build_ms[size] = round(median(builds));
    tokens[size] = measureDisclosureTokens(catalog);
    search_ms[size] = await measureSearchLatency(index, queries, effort.searchPasses);
    if (size === heapSize) heap_mb_10000 = await measureIndexHeap(catalog);
  }
  clearSearchIndexCache();

  onProgress(`built-in toolSearch and ours on the scripted task, ${BENCH_REFERENCE_SIZE} tools`);
  const referenceDefinitions = definitionsOf(BENCH_REFERENCE_SIZE);
  const builtin_tool_search = await runScriptedToolTask({
    variant: 'builtin_tool_search',
    tools: createBenchTools(referenceDefinitions),
  });
  const ours = await runScriptedToolTask({
    variant: 'ours',
    tools: createBenchTools(referenceDefinitions),
    namespaces,
  });

  onProgress(`overhead of one generateText step, ${BENCH_REFERENCE_SIZE} tools`);
  const referenceTools = createBenchTools(referenceDefinitions);
  const overhead_ratio = await measureWrapperOverhead(referenceTools, effort);
  onProgress('wrapper cost per request, warm cache and fresh records');
  const wrapper = measureWrapperCost(referenceTools, effort);
  onProgress('package import time');
  const import_ms = existsSync(packageEntry)
    ? await measureImport(packageEntry, effort.imports)
    : null;

  const measuredSizes = [...new Set(sizes)].sort((left, right) => left - right);
  const largest = measuredSizes.at(-1) as number;
  const floorSizes = measuredSizes.filter(
    (size) => BENCH_FLOOR_SIZES.includes(size) || size === largest,
  );
  const floor: FloorRatio[] = [];
  const engines: EngineRatio[] = [];
  let largestBench: FloorMeasurement | undefined;
  for (const size of floorSizes) {
    onProgress(`floor engine and MiniSearch against ours, bench catalog, ${size} tools`);
    const entries = await catalogEntries(definitionsOf(size), namespaces);
    const measured = await measureFloorRatios({
      catalog: 'bench',
      entries,
      queries,
      builds: effort.floorBuilds,
      passes: effort.floorPasses,
    });
    floor.push(measured.ratio);
    engines.push(
      ...(await measureEngineRatios({
        catalog: 'bench',
        entries,
        queries,
        ours: measured.index,
        passes: effort.floorPasses,
      })),
    );
    if (size === largest) largestBench = measured;
  }
  if (realistic !== undefined) {
    const realisticQueries = realistic.queries.slice(0, effort.realisticQueries);
    for (const size of floorSizes) {
      onProgress(`floor engine and MiniSearch against ours, realistic catalog, ${size} tools`);
      const entries = await catalogEntries(
        realisticDefinitionsOf(realistic, size),
        namespacesOf(realistic.namespaces),
      );
      const measured = await measureFloorRatios({
        catalog: 'realistic',
        entries,
        queries: realisticQueries,
        builds: effort.floorBuilds,
        passes: effort.floorPasses,
      });
      floor.push(measured.ratio);
      engines.push(
        ...(await measureEngineRatios({
          catalog: 'realistic',
          entries,
          queries: realisticQueries,
          ours: measured.index,
          passes: effort.floorPasses,
        })),
      );
    }
  }

  onProgress(`adversarial queries, bench catalog, ${largest} tools`);
  const bench = largestBench as FloorMeasurement;
  const worst = await measureAdversarialWorst({
    index: bench.index,
    queries: adversarialQueries(await catalogEntries(definitionsOf(largest), namespaces)),
    passes: effort.adversarialPasses,
  });
  const adversarial: AdversarialReport = {
    tools: largest,
    worst_ms: round(worst.ms, 3),
    worst_ratio_to_floor_p99:
      bench.floor.search_p99_ms > 0 ? round(worst.ms / bench.floor.search_p99_ms, 2) : 0,
    worst_query: Array.from(worst.query.text).slice(0, worstQueryLength).join(''),
  };
  largestBench = undefined;

  let wrapper_scaling: WrapperScalingReport | null = null;
  const { small, large } = BENCH_WRAPPER_SCALING_SIZES;
  if (measuredSizes.includes(large)) {
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
  for (const size of BENCH_STEP_COST_SIZES.filter((size) => measuredSizes.includes(size))) {
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

  const appSpeed = await measureAppSpeed({
    sizes: measuredSizes,
    appDefinitionsOf: (size) =>
      realistic === undefined ? definitionsOf(size) : realisticDefinitionsOf(realistic, size),
    benchDefinitionsOf: definitionsOf,
    namespaces,
    packageEntry,
    effort,
    onProgress,
  });

  const cost_model = await measureCostModel({
    definitionsOf,
    namespaces,
    intents: corpus.intents,
    sizes: costSizes,
    stepCounts: costSteps,
    pricing,
    onProgress,
  });
  clearSearchIndexCache();
  // --quick measures the retrieval-driven cost model at the smallest cost size only.
  const costPerTaskSizes = quick ? [Math.min(...costSizes)].filter(Number.isFinite) : costSizes;
  const cost_per_task = await measureCostPerTask({
    sets: costSets ?? [
      { name: corpus.name, tools: corpus.tools, namespaces, intents: corpus.intents },
    ],
    sizes: costPerTaskSizes,
    requestCounts: costRequests,
    pricing,
    onProgress,
  });
  clearSearchIndexCache();

  let long_descriptions: LongDescriptionBuild | null = null;
  if (measuredSizes.includes(LONG_DESCRIPTION_TOOLS)) {
    onProgress(`index build with 64 KB descriptions, ${LONG_DESCRIPTION_TOOLS} tools`);
    const measured = await measureLongDescriptionBuild({
      definitions: definitionsOf(LONG_DESCRIPTION_TOOLS),
      builds: effort.longBuilds,
    });
    long_descriptions = {
      ...measured,
      ordinary_build_ms: round(measured.ordinary_build_ms, 2),
      long_build_ms: round(measured.long_build_ms, 2),
      ratio: round(measured.ratio, 2),
    };
  }

  const cold_process: ColdProcess[] = [];
  if (existsSync(packageEntry)) {
    for (const tools of BENCH_COLD_PROCESS_SIZES.filter((size) => measuredSizes.includes(size))) {
      onProgress(`whole cold process without a search, plain ai against ours, ${tools} tools`);
      const measured = await measureColdProcess({
        packageEntry,
        tools,
        pairs: effort.indexLoadPairs,
      });
      cold_process.push({
        tools,
        plain_ms: round(measured.plain_ms, 1),
        ours_ms: round(measured.ours_ms, 1),
        ratio: round(measured.ratio, 3),
      });
    }
  }

  let mcp_cold_start: McpColdStart | null = null;
  if (mcpServers.length > 0) {
    onProgress(
      `cold request over ${mcpServers.length} stdio MCP servers, live listing and snapshot`,
    );
    const measured = await measureMcpColdStart({
      servers: mcpServers,
      repetitions: effort.mcpRepetitions,
    });
    mcp_cold_start = {
      ...measured,
      live_ms: round(measured.live_ms, 2),
      snapshot_ms: round(measured.snapshot_ms, 3),
      ratio: round(measured.ratio, 4),
    };
  }

  return {
    tokens,
    builtin_tool_search,
    ours,
    overhead_ratio: round(overhead_ratio, 3),
    wrapper_ms_per_request: round(wrapper.warm, 4),
    fresh_record_ms_per_request: round(wrapper.fresh, 4),
    fresh_record_ratio: round(wrapper.ratio, 3),
    build_ms,
    import_ms,
    search_ms,
    heap_mb_10000,
    floor,
    adversarial,
    wrapper_scaling,
    cost_model,
    cost_model_pricing: Object.fromEntries(
      Object.entries(pricing).map(([name, profile]) => [name, { ...profile }]),
    ),
    mcp_cold_start,
    long_descriptions,
    cold_process,
    step_cost,
    cost_per_task,
    ...appSpeed,
    engines,
  };
}

/** The public sets' tools, cut or padded with distractors to `size`. */
function realisticDefinitionsOf(realistic: RealisticCatalog, size: number): ToolDefinition[] {
  return size <= realistic.tools.length
    ? realistic.tools.slice(0, size)
    : padWithDistractors(realistic.tools, size);
}

/** The entries of a catalog of `definitions`, as bench tools make it. */
async function catalogEntries(
  definitions: readonly ToolDefinition[],
  namespaces: Record<string, NamespaceDeclaration>,
): Promise<readonly CatalogEntry[]> {
  return (await createCatalog({ tools: createBenchTools(definitions), namespaces })).entries;
}

function namespacesOf(descriptions: Record<string, string>): Record<string, NamespaceDeclaration> {
  return Object.fromEntries(
    Object.entries(descriptions).map(([name, description]) => [name, { description }]),
  );
}
