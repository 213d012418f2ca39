import { performance } from 'node:perf_hooks';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createOramaRanker } from '../search/create-orama-ranker.js';
import { exposeGc } from './expose-gc.js';
import { median } from './percentile.js';
import { timeAlternately } from './time-alternately.js';

/** Building the default ranker's index against loading it from a snapshot's JSON text. */
export interface IndexLoadMeasurement {
  tools: number;
  /** Median time to build the index from the catalog's entries. */
  build_ms: number;
  /** Median time to parse the saved index's JSON text and load it. */
  load_ms: number;
  /** Median over pairs of (load / build); below 1 when loading is faster. */
  ratio: number;
  /** The saved index's JSON text, in bytes (UTF-8). */
  snapshot_bytes: number;
}

export interface MeasureIndexLoadOptions {
  /** The tools to index, as a catalog holds them. */
  entries: readonly CatalogEntry[];
  /** Paired runs; which goes first alternates. @default 5 */
  pairs?: number;
}

/**
 * The cost of the default ranker's index at a cold start, built from the
 * catalog's entries or loaded from a saved index (`Ranker.saveIndex`) read as
 * JSON text, as a serverless function reads a snapshot from its bundle:
 * `JSON.parse` is counted in the load. Each run starts from a collected heap;
 * throws when the loaded index ranks a probe query differently, so a broken
 * load never reports a plausible number.
 *
 * @example
 * const { ratio } = await measureIndexLoad({ entries: authorized.entries });
 */
export async function measureIndexLoad({
  entries,
  pairs = 5,
}: MeasureIndexLoadOptions): Promise<IndexLoadMeasurement> {
  const ranker = createOramaRanker();
  const saveIndex = ranker.saveIndex as NonNullable<typeof ranker.saveIndex>;
  const loadIndex = ranker.loadIndex as NonNullable<typeof ranker.loadIndex>;
  const collect = exposeGc();
  const reference = await ranker.createIndex(entries);
  const text = JSON.stringify(saveIndex(reference));
  const probe = entries[0]?.description ?? '';
  const expected = JSON.stringify(await reference.search(probe, 10));

  const build = async () => {
    collect();
    const start = performance.now();
    await ranker.createIndex(entries);
    return performance.now() - start;
  };
  const load = async () => {
    collect();
    const start = performance.now();
    const index = await loadIndex(JSON.parse(text), entries);
    const elapsed = performance.now() - start;
    if (JSON.stringify(await index.search(probe, 10)) !== expected) {
      throw new Error('measureIndexLoad: the loaded index ranks differently from the built one');
    }
    return elapsed;
  };

  const { first: builds, second: loads } = await timeAlternately(pairs, build, load);
  const ratios = loads.map((loaded, pair) => loaded / (builds[pair] as number));
  return {
    tools: entries.length,
    build_ms: median(builds),
    load_ms: median(loads),
    ratio: median(ratios),
    snapshot_bytes: Buffer.byteLength(text),
  };
}
