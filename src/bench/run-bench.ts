import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { generateText as aiGenerateText, type ToolSet } from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import type { Catalog } from '../catalog/catalog.js';
import { createCatalog, type NamespaceDeclaration } from '../catalog/create-catalog.js';
import type { ToolDefinition } from '../catalog/tool-definition.js';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import { DISCLOSURE_MODES, type DisclosureMode } from '../disclosure/disclosure-mode.js';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import { padWithDistractors } from '../eval/generate-distractors.js';
import { clearSearchIndexCache, getSearchIndex } from '../search/get-search-index.js';
import type { Ranker, SearchIndex } from '../search/ranker.js';
import { RANKERS } from '../search/rankers.js';
import { generateText } from '../wrap/generate-text.js';
import {
  type ToolDisclosureOptions,
  withToolDisclosureSync,
} from '../wrap/with-tool-disclosure.js';
import { createBenchTools } from './create-bench-tools.js';
import { median, percentile } from './percentile.js';
import { runScriptedToolTask, type ToolTaskMeasurement } from './run-scripted-tool-task.js';

/** The catalog sizes measured by default. */
export const BENCH_SIZES: readonly number[] = Object.freeze([10, 100, 1000, 10000]);

/** The catalog size of the overhead, per-request and built-in comparison measurements. */
export const BENCH_REFERENCE_SIZE = 1000;

/** The catalog size whose index heap is measured. */
const heapSize = 10_000;

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
};

const fullEffort: Effort = {
  overheadRounds: 15,
  overheadIterations: 20,
  wrapperBatches: 201,
  wrapperBatchSize: 10,
  builds: 5,
  searchPasses: 3,
  imports: 7,
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
  onProgress = silent,
}: RunBenchOptions): Promise<BenchReport> {
  const effort = quick ? quickEffort : fullEffort;
  const namespaces: Record<string, NamespaceDeclaration> = Object.fromEntries(
    Object.entries(corpus.namespaces).map(([name, description]) => [name, { description }]),
  );
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
  };
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
  const collect = exposeGc();
  collect();
  const before = process.memoryUsage().heapUsed;
  const index = await (RANKERS.default as () => Ranker)().createIndex(catalog.entries);
  collect();
  const after = process.memoryUsage().heapUsed;
  // Keeps the index reachable until the second reading.
  await index.search('keep', 1);
  return round((after - before) / 2 ** 20, 1);
}

function exposeGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

type Model = MockLanguageModelV4;

async function createAnsweringModel(): Promise<Model> {
  const { MockLanguageModelV4 } = await import('ai/test');
  return new MockLanguageModelV4({
    provider: 'tool-disclosure',
    modelId: 'bench-step',
    doGenerate: async () => ({
      content: [{ type: 'text', text: 'ok' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 0, text: 0, reasoning: undefined },
      },
      warnings: [],
    }),
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

function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
