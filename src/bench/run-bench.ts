import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { generateText as aiGenerateText, type ToolSet } from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import type { Catalog } from '../catalog/catalog.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createCatalog, type NamespaceDeclaration } from '../catalog/create-catalog.js';
import type { ToolDefinition } from '../catalog/tool-definition.js';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import { DISCLOSURE_MODES, type DisclosureMode } from '../disclosure/disclosure-mode.js';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import { padWithDistractors } from '../eval/generate-distractors.js';
import { clearSearchIndexCache, getSearchIndex } from '../search/get-search-index.js';
import type { Ranker, SearchIndex } from '../search/ranker.js';
import { RANKERS } from '../search/rankers.js';
import { freezeTools } from '../wrap/freeze-tools.js';
import { generateText } from '../wrap/generate-text.js';
import {
  type ToolDisclosureOptions,
  withToolDisclosureSync,
} from '../wrap/with-tool-disclosure.js';
import { adversarialQueries } from './adversarial-queries.js';
import { createBenchTools } from './create-bench-tools.js';
import { exposeGc } from './expose-gc.js';
import type { RealisticCatalog } from './load-realistic-catalog.js';
import { measureAdversarialWorst } from './measure-adversarial-worst.js';
import { type ColdProcess, measureColdProcess } from './measure-cold-process.js';
import { measureColdSearchRatio } from './measure-cold-search-ratio.js';
import { type CostModelRow, measureCostModel } from './measure-cost-model.js';
import {
  type FloorMeasurement,
  type FloorRatio,
  measureFloorRatios,
} from './measure-floor-ratios.js';
import { measureHeapGrowth } from './measure-heap-growth.js';
import { type IndexLoadMeasurement, measureIndexLoad } from './measure-index-load.js';
import {
  type LongDescriptionBuild,
  measureLongDescriptionBuild,
} from './measure-long-description-build.js';
import {
  type McpBenchServer,
  type McpColdStart,
  measureMcpColdStart,
} from './measure-mcp-cold-start.js';
import { measureWrapperScaling } from './measure-wrapper-scaling.js';
import { median, percentile } from './percentile.js';
import { PRICING_PROFILES, type PricingProfile } from './pricing-profiles.js';
import { roundTo as round } from './round-to.js';
import { runScriptedToolTask, type ToolTaskMeasurement } from './run-scripted-tool-task.js';
import { scriptedAnswer } from './scripted-model-result.js';

/** The catalog sizes measured by default. */
export const BENCH_SIZES: readonly number[] = Object.freeze([10, 100, 1000, 10000]);

/** The catalog size of the overhead, per-request and built-in comparison measurements. */
export const BENCH_REFERENCE_SIZE = 1000;

/** The catalog sizes of the cost model. */
export const BENCH_COST_SIZES: readonly number[] = Object.freeze([1000, 10000]);

/** The run lengths of the cost model, in model calls; `--quick` leaves out the longest. */
export const BENCH_COST_STEPS: readonly number[] = Object.freeze([5, 20, 50]);
const quickCostSteps: readonly number[] = Object.freeze([5, 20]);

/** The catalog size whose index heap is measured. */
const heapSize = 10_000;

/**
 * The catalog sizes of the floor comparison, when among the measured sizes;
 * the largest measured size is always compared too.
 */
export const BENCH_FLOOR_SIZES: readonly number[] = Object.freeze([1000, 10000]);

/** The catalog sizes at which building the index is compared with loading a saved one. */
export const BENCH_INDEX_LOAD_SIZES: readonly number[] = Object.freeze([1000, 10000]);

/** The catalog size at which builds with 64 KB descriptions are compared with ordinary ones. */
const LONG_DESCRIPTION_TOOLS = 1000;

/** The small and the large catalog of the wrapper scaling measurement. */
export const BENCH_WRAPPER_SCALING_SIZES = Object.freeze({ small: 100, large: 10000 });

/** Longest `adversarial.worst_query` text in the report, in code points. */
const worstQueryLength = 80;

/** Everything `bench` measures, in the key order of `bench --json`. */
export interface BenchReport {
  tokens: Record<number, Record<DisclosureMode, { advertised: number; full: number }>>;
  builtin_tool_search: ToolTaskMeasurement;
  ours: ToolTaskMeasurement;
  /** Median over rounds of (wrapped step time / unwrapped step time) at 1,000 tools. */
  overhead_ratio: number;
  /** Median cost of one `withToolDisclosureSync` call with a warm cache at 1,000 tools. */
  wrapper_ms_per_request: number;
  /**
   * Median cost of one call at 1,000 tools whose `tools` is a fresh record of
   * the same tool objects (`{ ...tools }`, a common serverless pattern): the
   * warm work plus reading and hashing the record.
   */
  fresh_record_ms_per_request: number;
  /** Median over rounds of (fresh-record call / warm call), measured alternately. */
  fresh_record_ratio: number;
  /** Catalog, disclosure and index build time per size, from a fresh tools record. */
  build_ms: Record<number, number>;
  /** Median import time of the built package in a child process; null when `dist/` is missing. */
  import_ms: number | null;
  search_ms: Record<number, { p50: number; p99: number }>;
  /** Heap growth of the default ranker's index at 10,000 tools; null when 10,000 is not measured. */
  heap_mb_10000: number | null;
  /**
   * The default ranker ÷ the floor engine (`createFloorIndex`), side by side in
   * this run: on the bench catalog and, when the shared benchmarks are present,
   * the realistic one, at `BENCH_FLOOR_SIZES` within the measured sizes and at
   * the largest. Absent in reports of earlier versions.
   */
  floor?: FloorRatio[];
  /** The slowest query of the adversarial set on the bench catalog at the largest measured size. */
  adversarial?: AdversarialReport;
  /**
   * Warm wrapper cost per request at 100 and 10,000 bench tools, the records
   * frozen with `freezeTools` (as the README recommends for large catalogs),
   * and in `unfrozen` the same tools not frozen; null unless 10,000 is measured.
   */
  wrapper_scaling?: WrapperScalingReport | null;
  /**
   * A cold request that searches, ours ÷ the AI SDK's `toolSearch()` (median of
   * paired runs), at 1,000 and 10,000 bench tools; null for a size not measured.
   */
  cold_search_ratio?: { tools_1000: number | null; tools_10000: number | null };
  /**
   * Scripted long runs per arm, catalog size and run length, priced under each
   * profile of `cost_model_pricing` (`measureCostModel`). Absent in reports of
   * earlier versions.
   */
  cost_model?: CostModelRow[];
  /** The pricing profiles of `cost_model`, as multipliers of the base input price. */
  cost_model_pricing?: Record<string, PricingProfile>;
  /**
   * The first wrapped request of a cold function over stdio MCP servers, tools
   * listed live against read from a snapshot (`measureMcpColdStart`); null when
   * no servers were given. Absent in reports of earlier versions.
   */
  mcp_cold_start?: McpColdStart | null;
  /**
   * The default ranker's index built from the catalog against loaded from a
   * saved index's JSON text, parse included (`measureIndexLoad`), at 1,000 and
   * 10,000 bench tools when measured. Absent in reports of earlier versions.
   */
  index_load?: IndexLoadMeasurement[];
  /**
   * The default ranker's index over 1,000 bench tools with 64 KB descriptions
   * against the same tools as they are (`measureLongDescriptionBuild`); null
   * unless 1,000 is measured. Absent in reports of earlier versions.
   */
  long_descriptions?: LongDescriptionBuild | null;
  /**
   * A whole cold process answering one request that does not search, the
   * wrapper's against plain `ai` with every tool (`measureColdProcess`), at
   * 1,000 and 10,000 bench-shaped tools when measured; empty without `dist/`.
   * Absent in reports of earlier versions.
   */
  cold_process?: ColdProcess[];
}

/** The adversarial figures of `bench --json`. */
export interface AdversarialReport {
  tools: number;
  /** Our median search time of the slowest adversarial query, in milliseconds. */
  worst_ms: number;
  /** `worst_ms` ÷ the floor engine's p99 on the ordinary queries of the same catalog. */
  worst_ratio_to_floor_p99: number;
  /** The slowest query's text, cut to 80 code points. */
  worst_query: string;
}

/** The wrapper scaling figures of `bench --json`. */
export interface WrapperScalingReport {
  /** Warm wrapper cost per request, records frozen with `freezeTools`, at 100 tools. */
  ms_100: number;
  /** The same at 10,000 tools. */
  ms_10000: number;
  /** `ms_10000 / ms_100`. */
  ratio: number;
  /**
   * The same figures for records that are not frozen, which every warm request
   * checks key by key. Absent in reports of earlier versions, whose top-level
   * figures are of unfrozen records.
   */
  unfrozen?: { ms_100: number; ms_10000: number; ratio: number };
}

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
   * Stdio MCP servers of the MCP cold start measurement (`mcp_cold_start`).
   * @default none (`mcp_cold_start` is null)
   */
  mcpServers?: readonly McpBenchServer[];
  /** Receives progress lines. @default nothing */
  onProgress?: (message: string) => void;
}

/** How many repetitions each measurement takes. */
interface Effort {
  overheadRounds: number;
  overheadIterations: number;
  wrapperBatches: number;
  wrapperBatchSize: number;
  builds: number;
  searchPasses: number;
  imports: number;
  floorBuilds: number;
  floorPasses: number;
  /** Real requests searched per realistic catalog (the bench catalog searches all its intents). */
  realisticQueries: number;
  adversarialPasses: number;
  scalingBatches: number;
  coldPairs: number;
  mcpRepetitions: number;
  indexLoadPairs: number;
}

const quickEffort: Effort = {
  overheadRounds: 15,
  overheadIterations: 5,
  wrapperBatches: 41,
  wrapperBatchSize: 10,
  // A median of five: one cold build alone mostly measures the JIT warming up.
  builds: 5,
  searchPasses: 1,
  imports: 3,
  floorBuilds: 3,
  // A p99 of one pass over the bench corpus's 139 intents is its second-slowest search: one GC pause.
  floorPasses: 3,
  realisticQueries: 150,
  adversarialPasses: 1,
  scalingBatches: 21,
  coldPairs: 3,
  mcpRepetitions: 5,
  indexLoadPairs: 3,
};

const fullEffort: Effort = {
  overheadRounds: 15,
  overheadIterations: 20,
  wrapperBatches: 201,
  wrapperBatchSize: 10,
  builds: 5,
  searchPasses: 3,
  imports: 7,
  floorBuilds: 5,
  floorPasses: 5,
  realisticQueries: 400,
  adversarialPasses: 3,
  scalingBatches: 101,
  coldPairs: 7,
  mcpRepetitions: 11,
  indexLoadPairs: 7,
};

const silent = () => {};

/**
 * Measures tokens, the built-in `toolSearch` comparison, overhead, cold start,
 * search latency and index heap in this process. Compared variants alternate
 * round by round, so machine drift affects both alike.
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
  costSteps = quick ? quickCostSteps : BENCH_COST_STEPS,
  pricing = PRICING_PROFILES,
  mcpServers = [],
  onProgress = silent,
}: RunBenchOptions): Promise<BenchReport> {
  const effort = quick ? quickEffort : fullEffort;
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
    tokens[size] = measureTokens(catalog);
    search_ms[size] = await measureSearch(index, queries, effort.searchPasses);
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
  const overhead_ratio = await measureOverhead(referenceTools, effort);
  onProgress('wrapper cost per request, warm cache and fresh records');
  const wrapper = measureWrapper(referenceTools, effort);
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
  let largestBench: FloorMeasurement | undefined;
  for (const size of floorSizes) {
    onProgress(`floor engine against ours, bench catalog, ${size} tools`);
    const measured = await measureFloorRatios({
      catalog: 'bench',
      entries: await catalogEntries(definitionsOf(size), namespaces),
      queries,
      builds: effort.floorBuilds,
      passes: effort.floorPasses,
    });
    floor.push(measured.ratio);
    if (size === largest) largestBench = measured;
  }
  if (realistic !== undefined) {
    const realisticQueries = realistic.queries.slice(0, effort.realisticQueries);
    for (const size of floorSizes) {
      onProgress(`floor engine against ours, realistic catalog, ${size} tools`);
      const definitions =
        size <= realistic.tools.length
          ? realistic.tools.slice(0, size)
          : padWithDistractors(realistic.tools, size);
      const measured = await measureFloorRatios({
        catalog: 'realistic',
        entries: await catalogEntries(definitions, namespacesOf(realistic.namespaces)),
        queries: realisticQueries,
        builds: effort.floorBuilds,
        passes: effort.floorPasses,
      });
      floor.push(measured.ratio);
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
    const scalingOf = (freeze: (tools: ToolSet) => ToolSet) => {
      const scaling = measureWrapperScaling({
        small: freeze(createBenchTools(definitionsOf(small))),
        large: freeze(createBenchTools(definitionsOf(large))),
        options: wrapperOptions,
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

  const coldRatioAt = async (size: number): Promise<number | null> => {
    if (!measuredSizes.includes(size)) return null;
    onProgress(`cold request that searches, ours and ai's toolSearch(), ${size} tools`);
    const { ratio } = await measureColdSearchRatio({
      definitions: definitionsOf(size),
      namespaces,
      pairs: effort.coldPairs,
    });
    return round(ratio, 2);
  };
  const cold_search_ratio = {
    tools_1000: await coldRatioAt(1000),
    tools_10000: await coldRatioAt(10000),
  };

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

  const index_load: IndexLoadMeasurement[] = [];
  for (const size of BENCH_INDEX_LOAD_SIZES.filter((size) => measuredSizes.includes(size))) {
    onProgress(`index built against loaded from a saved index, ${size} tools`);
    const measured = await measureIndexLoad({
      entries: await catalogEntries(definitionsOf(size), namespaces),
      pairs: effort.indexLoadPairs,
    });
    index_load.push({
      ...measured,
      build_ms: round(measured.build_ms, 2),
      load_ms: round(measured.load_ms, 2),
      ratio: round(measured.ratio, 3),
    });
  }

  let long_descriptions: LongDescriptionBuild | null = null;
  if (measuredSizes.includes(LONG_DESCRIPTION_TOOLS)) {
    onProgress(`index build with 64 KB descriptions, ${LONG_DESCRIPTION_TOOLS} tools`);
    const measured = await measureLongDescriptionBuild({
      definitions: definitionsOf(LONG_DESCRIPTION_TOOLS),
      builds: effort.floorBuilds,
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
    for (const tools of BENCH_INDEX_LOAD_SIZES.filter((size) => measuredSizes.includes(size))) {
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
    cold_search_ratio,
    cost_model,
    cost_model_pricing: Object.fromEntries(
      Object.entries(pricing).map(([name, profile]) => [name, { ...profile }]),
    ),
    mcp_cold_start,
    index_load,
    long_descriptions,
    cold_process,
  };
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

function measureTokens(
  catalog: Catalog,
): Record<DisclosureMode, { advertised: number; full: number }> {
  const result = {} as Record<DisclosureMode, { advertised: number; full: number }>;
  for (const mode of DISCLOSURE_MODES) {
    const { advertised, full } = createDisclosure({
      catalog,
      mode,
      environment: {},
      onWarning: silent,
    }).tokens;
    result[mode] = { advertised, full };
  }
  return result;
}

/** p50 and p99 of the queries, after one untimed pass that warms the index and the JIT. */
async function measureSearch(
  index: SearchIndex,
  queries: readonly string[],
  passes: number,
): Promise<{ p50: number; p99: number }> {
  for (const query of queries) await index.search(query, 10);
  const durations: number[] = [];
  for (let pass = 0; pass < passes; pass++) {
    for (const query of queries) {
      const start = performance.now();
      await index.search(query, 10);
      durations.push(performance.now() - start);
    }
  }
  return { p50: round(percentile(durations, 0.5), 3), p99: round(percentile(durations, 0.99), 3) };
}

/**
 * Heap growth of building the default ranker's index over every tool of
 * `catalog`, in MB: `heapUsed` after a full collection, before and after the
 * build. The collector is reached in-process (`--expose-gc` set at run time),
 * so the number is the retained index, not garbage.
 */
async function measureIndexHeap(catalog: Catalog): Promise<number> {
  const bytes = await measureHeapGrowth(() =>
    (RANKERS.default as () => Ranker)().createIndex(catalog.entries),
  );
  return round(bytes / 2 ** 20, 1);
}

type Model = MockLanguageModelV4;

async function createAnsweringModel(): Promise<Model> {
  const { MockLanguageModelV4 } = await import('ai/test');
  return new MockLanguageModelV4({
    provider: 'tool-disclosure',
    modelId: 'bench-step',
    doGenerate: async () => scriptedAnswer('ok'),
  });
}

/** The wrapper's options in the overhead and per-request measurements: every tool in one record. */
const wrapperOptions: ToolDisclosureOptions = {
  mode: 'namespaces',
  environment: {},
  onWarning: silent,
};

/**
 * One `generateText` step through the wrapper against the same step with all
 * tools passed to the SDK, alternating which goes first in each round; the
 * median of the per-round ratios of mean step times.
 */
async function measureOverhead(tools: ToolSet, effort: Effort): Promise<number> {
  const wrapped = async (model: Model) => {
    await generateText({ model, prompt: 'Say ok.', tools, toolDisclosure: wrapperOptions });
  };
  const plain = async (model: Model) => {
    await aiGenerateText({ model, prompt: 'Say ok.', tools });
  };
  const time = async (step: (model: Model) => Promise<void>): Promise<number> => {
    // A fresh model per batch, so recorded calls do not pile up.
    const model = await createAnsweringModel();
    const start = performance.now();
    for (let iteration = 0; iteration < effort.overheadIterations; iteration++) await step(model);
    return (performance.now() - start) / effort.overheadIterations;
  };
  // Warm-up: fills the wrapper's caches and lets the JIT settle on both paths.
  for (let warmup = 0; warmup < 3; warmup++) {
    await time(wrapped);
    await time(plain);
  }
  const ratios: number[] = [];
  for (let round = 0; round < effort.overheadRounds; round++) {
    let wrappedMs: number;
    let plainMs: number;
    if (round % 2 === 0) {
      wrappedMs = await time(wrapped);
      plainMs = await time(plain);
    } else {
      plainMs = await time(plain);
      wrappedMs = await time(wrapped);
    }
    ratios.push(wrappedMs / plainMs);
  }
  return median(ratios);
}

/**
 * Median over batches of the mean cost of one `withToolDisclosureSync` call:
 * on a warm cache with the same record, and with a fresh record of the same
 * tools per call (its copy included, as an application pays it). The two
 * alternate batch by batch, so machine drift affects both alike.
 */
function measureWrapper(
  tools: ToolSet,
  effort: Effort,
): { warm: number; fresh: number; ratio: number } {
  const params = { prompt: 'Say ok.', tools };
  const warmCall = () => withToolDisclosureSync(params, wrapperOptions);
  const freshCall = () =>
    withToolDisclosureSync({ prompt: 'Say ok.', tools: { ...tools } }, wrapperOptions);
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

const execFileAsync = promisify(execFile);

/** Median time to import the built package in a fresh Node.js process. */
async function measureImport(entry: string, times: number): Promise<number> {
  const script = `const start = performance.now(); await import(${JSON.stringify(pathToFileURL(entry).href)}); console.log(performance.now() - start);`;
  const samples: number[] = [];
  for (let sample = 0; sample < times; sample++) {
    const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', script]);
    samples.push(Number(stdout.trim()));
  }
  return round(median(samples), 1);
}
