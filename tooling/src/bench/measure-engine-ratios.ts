import { performance } from 'node:perf_hooks';
import type { CatalogEntry } from 'tool-disclosure/catalog';
import type { SearchIndex } from 'tool-disclosure/search';
import { createMiniSearchIndex } from './create-mini-search-index.js';
import type { FloorCatalog } from './measure-floor-ratios.js';
import { percentile } from './percentile.js';
import { roundTo } from './round-to.js';

/** The independent engines the bench compares our search with, by the name its rows carry. */
export const BENCH_ENGINES: Readonly<
  Record<string, (entries: readonly CatalogEntry[]) => SearchIndex>
> = Object.freeze({ minisearch: createMiniSearchIndex });

/** One row of `engines` in `bench --json`: our search ÷ that engine's, side by side. */
export interface EngineRatio {
  catalog: FloorCatalog;
  tools: number;
  engine: string;
  /** Our search p50 ÷ the engine's, over the same queries. */
  search_p50_ratio: number;
  /** Our search p99 ÷ the engine's. */
  search_p99_ratio: number;
}

export interface MeasureEngineRatiosOptions {
  catalog: FloorCatalog;
  /** The tools both indexes hold. */
  entries: readonly CatalogEntry[];
  /** The queries, each searched for the top 10. */
  queries: readonly string[];
  /** Our index over `entries`. */
  ours: SearchIndex;
  /** The engines, each built over `entries` here. @default BENCH_ENGINES */
  engines?: Readonly<Record<string, (entries: readonly CatalogEntry[]) => SearchIndex>>;
  /** Timed passes over the queries after one untimed pass. @default 1 */
  passes?: number;
  /** The clock, in milliseconds. @default performance.now */
  now?: () => number;
}

/**
 * Our search against each independent engine's on one catalog, in this
 * process: after one untimed pass of every index, each query is searched by
 * ours and by every engine in turn, the order rotating query by query, and
 * each search is timed alone; the ratios divide our p50 and p99 by the
 * engine's (nearest rank, to two decimals; 0 when the engine measured nothing).
 *
 * @example
 * const rows = await measureEngineRatios({ catalog: 'bench', entries, queries, ours: index });
 */
export async function measureEngineRatios({
  catalog,
  entries,
  queries,
  ours,
  engines = BENCH_ENGINES,
  passes = 1,
  now = () => performance.now(),
}: MeasureEngineRatiosOptions): Promise<EngineRatio[]> {
  const names = Object.keys(engines);
  // Ours first; position, not name, tells them apart.
  const indexes: SearchIndex[] = [
    ours,
    ...names.map((name) =>
      (engines[name] as (entries: readonly CatalogEntry[]) => SearchIndex)(entries),
    ),
  ];
  for (const query of queries) for (const index of indexes) await index.search(query, 10);
  const times: number[][] = indexes.map(() => []);
  let turn = 0;
  for (let pass = 0; pass < passes; pass++) {
    for (const query of queries) {
      for (let offset = 0; offset < indexes.length; offset++) {
        const position = (turn + offset) % indexes.length;
        const start = now();
        await (indexes[position] as SearchIndex).search(query, 10);
        (times[position] as number[]).push(now() - start);
      }
      turn++;
    }
  }
  const oursTimes = times[0] as number[];
  return names.map((engine, position) => {
    const engineTimes = times[position + 1] as number[];
    return {
      catalog,
      tools: entries.length,
      engine,
      search_p50_ratio: ratio(percentile(oursTimes, 0.5), percentile(engineTimes, 0.5)),
      search_p99_ratio: ratio(percentile(oursTimes, 0.99), percentile(engineTimes, 0.99)),
    };
  });
}

/** `ours / engine` to two decimals; 0 when the engine measured nothing. */
function ratio(ours: number, engine: number): number {
  return engine > 0 ? roundTo(ours / engine, 2) : 0;
}
