import { ScoreTable } from './score-table.js';

/** Score tables of one index, handed out per request and taken back for the next. */
export interface ScoreTablePool {
  /** An empty table. */
  take(): ScoreTable;
  /** Clears `table` and keeps it for a later `take`. */
  release(table: ScoreTable): void;
}

/**
 * Score tables over `capacity` tools, kept for the next requests: a table
 * costs three arrays of `capacity` numbers. A request holds four at most (its
 * own, a clause's, and a compound request's two sets of positions), and only
 * requests searched at once (waiting on the word vectors) need more; at most
 * `kept` free tables are kept, and a table a failed search held is left to
 * the collector.
 *
 * @example
 * const pool = createScoreTablePool(1000, 4);
 * const scores = pool.take();
 * pool.release(scores);
 */
export function createScoreTablePool(capacity: number, kept: number): ScoreTablePool {
  const free: ScoreTable[] = [];
  return {
    take: () => free.pop() ?? new ScoreTable(capacity),
    release(table) {
      table.clear();
      if (free.length < kept) free.push(table);
    },
  };
}
