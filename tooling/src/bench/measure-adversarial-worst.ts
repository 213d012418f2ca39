import { performance } from 'node:perf_hooks';
import type { SearchIndex } from 'tool-disclosure/search';
import type { AdversarialQuery } from './adversarial-queries.js';
import { median } from './percentile.js';

/** The slowest query of an adversarial set. */
export interface AdversarialWorst {
  /** Median time of the slowest query, in milliseconds. */
  ms: number;
  query: AdversarialQuery;
  /** Median time of every query, in the set's order. */
  perQueryMs: number[];
}

export interface MeasureAdversarialWorstOptions {
  index: SearchIndex;
  queries: readonly AdversarialQuery[];
  /** Timed searches per query, after one untimed one. @default 1 */
  passes?: number;
  /** The clock, in milliseconds. @default performance.now */
  now?: () => number;
}

/**
 * Searches every adversarial query for the top 10, once untimed and then
 * `passes` times, and reports the query whose median time is the highest.
 *
 * @example
 * const worst = await measureAdversarialWorst({ index, queries: adversarialQueries(entries) });
 */
export async function measureAdversarialWorst({
  index,
  queries,
  passes = 1,
  now = () => performance.now(),
}: MeasureAdversarialWorstOptions): Promise<AdversarialWorst> {
  if (queries.length === 0) throw new Error('the adversarial set is empty');
  const perQueryMs: number[] = [];
  for (const query of queries) {
    await index.search(query.text, 10);
    const times: number[] = [];
    for (let pass = 0; pass < passes; pass++) {
      const start = now();
      await index.search(query.text, 10);
      times.push(now() - start);
    }
    perQueryMs.push(median(times));
  }
  let worst = 0;
  for (let position = 1; position < queries.length; position++) {
    if ((perQueryMs[position] as number) > (perQueryMs[worst] as number)) worst = position;
  }
  return { ms: perQueryMs[worst] as number, query: queries[worst] as AdversarialQuery, perQueryMs };
}
