import type { CatalogEntry } from '../catalog/catalog-entry.js';

/** One search result: a catalog entry and the score that ranked it. */
export interface RankedTool {
  readonly entry: CatalogEntry;
  readonly score: number;
  /**
   * True when the tool shares only some of the request's words and no tool
   * matched enough of them: weak evidence that the catalog can do it at all.
   */
  readonly weak?: true;
}

/** An index over a fixed set of catalog entries, built once and queried many times. */
export interface SearchIndex {
  /**
   * Ranks the indexed tools for a query, best first, at most `limit` of them.
   * Ties break by canonical id in byte order. A query whose words match no
   * tool returns []; when matches miss the ranker's relevance floor they are
   * returned marked `weak`.
   */
  search(query: string, limit: number): Promise<readonly RankedTool[]>;
}

/**
 * A ranking strategy. Every ranker runs the same conformance suite
 * (`ranker-conformance.case.ts`), so they can be swapped and compared side by side.
 */
export interface Ranker {
  /** A short stable name, used by `eval --ranker` and in reports. */
  readonly name: string;
  /** Builds an index over `entries`; the index never sees any other tool. */
  createIndex(entries: readonly CatalogEntry[]): Promise<SearchIndex>;
}
