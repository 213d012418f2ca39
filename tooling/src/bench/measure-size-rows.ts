import { performance } from 'node:perf_hooks';
import type { Catalog, ToolDefinition } from 'tool-disclosure/catalog';
import { createCatalog, type NamespaceDeclaration } from 'tool-disclosure/catalog';
import { createDisclosure } from 'tool-disclosure/disclosure';
import type { Ranker, SearchIndex } from 'tool-disclosure/search';
import { clearSearchIndexCache, getSearchIndex } from 'tool-disclosure/search';
import { RANKERS } from '../search/rankers.js';
import type { BenchEffort } from './bench-effort.js';
import type { BenchReport } from './bench-report.js';
import { createBenchTools } from './create-bench-tools.js';
import { exposeGc } from './expose-gc.js';
import { measureDisclosureTokens } from './measure-disclosure-tokens.js';
import { measureIndexHeap } from './measure-index-heap.js';
import { measureSearchLatency } from './measure-search-latency.js';
import { median } from './percentile.js';
import { roundTo as round } from './round-to.js';

/** The catalog size whose index heap is measured. */
const heapSize = 10_000;

/** `bench --json`'s rows measured at every size. */
export type SizeRows = Pick<BenchReport, 'tokens' | 'build_ms' | 'search_ms' | 'heap_mb_10000'>;

export interface MeasureSizeRowsOptions {
  /** The measured sizes, each once, ascending. */
  sizes: readonly number[];
  /** The bench catalog at a size. */
  definitionsOf: (size: number) => ToolDefinition[];
  namespaces: Record<string, NamespaceDeclaration>;
  /** The judged corpus's requests, searched at every size. */
  queries: readonly string[];
  effort: Pick<BenchEffort, 'builds' | 'searchPasses'>;
  onProgress: (message: string) => void;
}

/**
 * At every size: the median build of catalog, disclosure and the default
 * ranker's index, the tokens of every disclosure mode, search latency and, at
 * 10,000 tools, the index heap.
 */
export async function measureSizeRows({
  sizes,
  definitionsOf,
  namespaces,
  queries,
  effort,
  onProgress,
}: MeasureSizeRowsOptions): Promise<SizeRows> {
  const ranker = (RANKERS.default as () => Ranker)();
  const tokens: BenchReport['tokens'] = {};
  const build_ms: BenchReport['build_ms'] = {};
  const search_ms: BenchReport['search_ms'] = {};
  let heap_mb_10000: number | null = null;
  const collect = exposeGc();
  for (const size of sizes) {
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
        onWarning: () => {},
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
  return { tokens, build_ms, search_ms, heap_mb_10000 };
}
