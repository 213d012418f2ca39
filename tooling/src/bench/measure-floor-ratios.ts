import { performance } from 'node:perf_hooks';
import type { CatalogEntry } from 'tool-disclosure/catalog';
import type { Ranker, SearchIndex } from 'tool-disclosure/search';
import { RANKERS } from '../search/rankers.js';
import { createFloorIndex } from './create-floor-index.js';
import { exposeGc } from './expose-gc.js';
import { measureHeapGrowth } from './measure-heap-growth.js';
import { median, percentile } from './percentile.js';
import { roundTo } from './round-to.js';

/** Which catalog a floor comparison ran on: the padded judged corpus, or the public sets. */
export type FloorCatalog = 'bench' | 'realistic';

/** The default ranker's figures divided by the floor engine's, measured side by side. */
export interface FloorRatio {
  catalog: FloorCatalog;
  tools: number;
  search_p50_ratio: number;
  search_p99_ratio: number;
  /** Median index build time over the floor's (index only, no catalog). */
  build_ratio: number;
  /** Heap retained by the index over the floor's. */
  heap_ratio: number;
}

export interface MeasureFloorRatiosOptions {
  catalog: FloorCatalog;
  /** The tools to index, as a catalog holds them. */
  entries: readonly CatalogEntry[];
  /** The ordinary queries, each searched for the top 10. */
  queries: readonly string[];
  /** Builds per engine, alternated. @default 3 */
  builds?: number;
  /** Timed passes over the queries after one warm-up pass. @default 1 */
  passes?: number;
}

/** A floor comparison, with what later measurements on the same catalog reuse. */
export interface FloorMeasurement {
  ratio: FloorRatio;
  /** The default ranker's index over `entries`. */
  index: SearchIndex;
  /** Milliseconds: both engines' search p50 and p99, build medians, and heap MB. */
  ours: EngineFigures;
  floor: EngineFigures;
}

export interface EngineFigures {
  search_p50_ms: number;
  search_p99_ms: number;
  build_ms: number;
  heap_mb: number;
}

/**
 * The default ranker (`RANKERS.default()`) against the floor engine
 * (`createFloorIndex`) on one catalog, in this process: builds alternate
 * engine by engine, each after a full collection; searches alternate query by
 * query (which engine goes first alternates too), after one untimed pass of
 * both; heap is the growth of three more builds of each, held at once, that
 * have each answered every query, divided by three: what an index in use
 * holds, with what ours makes on first use (a term's postings, a tool's word
 * pairs) and not only what its build makes.
 */
export async function measureFloorRatios({
  catalog,
  entries,
  queries,
  builds = 3,
  passes = 1,
}: MeasureFloorRatiosOptions): Promise<FloorMeasurement> {
  const ranker = (RANKERS.default as () => Ranker)();
  const buildOurs = () => ranker.createIndex(entries);
  const buildFloor = async () => createFloorIndex(entries);
  const collect = exposeGc();

  const buildTimes = { ours: [] as number[], floor: [] as number[] };
  let ours: SearchIndex | undefined;
  let floor: SearchIndex | undefined;
  for (let build = 0; build < builds; build++) {
    const order = build % 2 === 0 ? (['ours', 'floor'] as const) : (['floor', 'ours'] as const);
    for (const engine of order) {
      // The engine's previous index is let go first, so each build starts from a collected heap.
      if (engine === 'ours') ours = undefined;
      else floor = undefined;
      collect();
      const start = performance.now();
      const index = await (engine === 'ours' ? buildOurs() : buildFloor());
      buildTimes[engine].push(performance.now() - start);
      if (engine === 'ours') ours = index;
      else floor = index;
    }
  }
  ours ??= await buildOurs();
  floor ??= await buildFloor();

  const searchTimes = { ours: [] as number[], floor: [] as number[] };
  for (const query of queries) {
    await ours.search(query, 10);
    await floor.search(query, 10);
  }
  let turn = 0;
  for (let pass = 0; pass < passes; pass++) {
    for (const query of queries) {
      const order = turn++ % 2 === 0 ? (['ours', 'floor'] as const) : (['floor', 'ours'] as const);
      for (const engine of order) {
        const index = engine === 'ours' ? ours : floor;
        const start = performance.now();
        await index.search(query, 10);
        searchTimes[engine].push(performance.now() - start);
      }
    }
  }

  // Several indexes of each, held at once: one index of a small catalog is a few hundred KB,
  // about what a collection leaves or frees of the rest of the process.
  const inUse = (build: () => Promise<SearchIndex>) => async () => {
    const indexes: SearchIndex[] = [];
    for (let copy = 0; copy < heapCopies; copy++) {
      const index = await build();
      for (const query of queries) await index.search(query, 10);
      indexes.push(index);
    }
    return indexes;
  };
  const heap = {
    floor: (await measureHeapGrowth(inUse(buildFloor))) / heapCopies,
    ours: (await measureHeapGrowth(inUse(buildOurs))) / heapCopies,
  };
  const figures = (engine: 'ours' | 'floor'): EngineFigures => ({
    search_p50_ms: percentile(searchTimes[engine], 0.5),
    search_p99_ms: percentile(searchTimes[engine], 0.99),
    build_ms: median(buildTimes[engine]),
    heap_mb: heap[engine] / 2 ** 20,
  });
  const oursFigures = figures('ours');
  const floorFigures = figures('floor');
  return {
    ratio: {
      catalog,
      tools: entries.length,
      search_p50_ratio: ratio(oursFigures.search_p50_ms, floorFigures.search_p50_ms),
      search_p99_ratio: ratio(oursFigures.search_p99_ms, floorFigures.search_p99_ms),
      build_ratio: ratio(oursFigures.build_ms, floorFigures.build_ms),
      heap_ratio: ratio(oursFigures.heap_mb, floorFigures.heap_mb),
    },
    index: ours,
    ours: oursFigures,
    floor: floorFigures,
  };
}

/** Indexes of each engine held at once for the heap figure, which is their growth divided by this. */
const heapCopies = 3;

/** `ours / floor` to two decimals; 0 when the floor measured nothing. */
function ratio(ours: number, floor: number): number {
  return floor > 0 ? roundTo(ours / floor, 2) : 0;
}
