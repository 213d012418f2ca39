import type { CatalogEntry, ToolDefinition } from 'tool-disclosure/catalog';
import { createCatalog, type NamespaceDeclaration } from 'tool-disclosure/catalog';
import { adversarialQueries } from './adversarial-queries.js';
import type { BenchEffort } from './bench-effort.js';
import type { BenchReport } from './bench-report.js';
import { BENCH_FLOOR_SIZES } from './bench-sizes.js';
import { createBenchTools } from './create-bench-tools.js';
import type { RealisticCatalog } from './load-realistic-catalog.js';
import { measureAdversarialWorst } from './measure-adversarial-worst.js';
import { measureEngineRatios } from './measure-engine-ratios.js';
import { type FloorMeasurement, measureFloorRatios } from './measure-floor-ratios.js';
import { namespacesOf } from './namespaces-of.js';
import { roundTo as round } from './round-to.js';
import { toolsOfSize } from './tools-of-size.js';

/** Longest `adversarial.worst_query` text in the report, in code points. */
const worstQueryLength = 80;

/** `bench --json`'s rows comparing our search with other engines. */
export type FloorRows = Required<Pick<BenchReport, 'floor' | 'engines' | 'adversarial'>>;

export interface MeasureFloorRowsOptions {
  /** The measured sizes, each once, ascending; `BENCH_FLOOR_SIZES` among them and the largest are compared. */
  sizes: readonly number[];
  /** The bench catalog at a size. */
  definitionsOf: (size: number) => ToolDefinition[];
  namespaces: Record<string, NamespaceDeclaration>;
  /** The judged corpus's requests, searched on the bench catalog. */
  queries: readonly string[];
  /** The public sets, compared too when given. */
  realistic: RealisticCatalog | undefined;
  effort: Pick<
    BenchEffort,
    'floorBuilds' | 'floorPasses' | 'realisticQueries' | 'adversarialPasses'
  >;
  onProgress: (message: string) => void;
}

/**
 * The floor engine and the other engines against ours on the bench catalog,
 * then on the realistic one, and the slowest adversarial query on the bench
 * catalog at the largest size.
 */
export async function measureFloorRows({
  sizes,
  definitionsOf,
  namespaces,
  queries,
  realistic,
  effort,
  onProgress,
}: MeasureFloorRowsOptions): Promise<FloorRows> {
  const largest = sizes.at(-1) as number;
  const floorSizes = sizes.filter((size) => BENCH_FLOOR_SIZES.includes(size) || size === largest);
  const floor: FloorRows['floor'] = [];
  const engines: FloorRows['engines'] = [];
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
        toolsOfSize(realistic.tools, size),
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
  const adversarial: FloorRows['adversarial'] = {
    tools: largest,
    worst_ms: round(worst.ms, 3),
    worst_ratio_to_floor_p99:
      bench.floor.search_p99_ms > 0 ? round(worst.ms / bench.floor.search_p99_ms, 2) : 0,
    worst_query: Array.from(worst.query.text).slice(0, worstQueryLength).join(''),
  };
  return { floor, engines, adversarial };
}

/** The entries of a catalog of `definitions`, as bench tools make it. */
async function catalogEntries(
  definitions: readonly ToolDefinition[],
  namespaces: Record<string, NamespaceDeclaration>,
): Promise<readonly CatalogEntry[]> {
  return (await createCatalog({ tools: createBenchTools(definitions), namespaces })).entries;
}
