import type { Catalog } from 'tool-disclosure/catalog';
import type { Ranker } from 'tool-disclosure/search';
import { RANKERS } from '../search/rankers.js';
import { measureHeapGrowth } from './measure-heap-growth.js';
import { roundTo as round } from './round-to.js';

/**
 * Heap growth of building the default ranker's index over every tool of
 * `catalog`, in MB: `heapUsed` after a full collection, before and after the
 * build. The collector is reached in-process (`--expose-gc` set at run time),
 * so the number is the retained index, not garbage.
 */
export async function measureIndexHeap(catalog: Catalog): Promise<number> {
  const bytes = await measureHeapGrowth(() =>
    (RANKERS.default as () => Ranker)().createIndex(catalog.entries),
  );
  return round(bytes / 2 ** 20, 1);
}
