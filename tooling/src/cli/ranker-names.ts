import { compareByteOrder } from 'tool-disclosure/util';
import { RANKERS } from '../search/rankers.js';

/** The order in which `--ranker all` runs the rankers: the candidate first, then the baselines. */
export const RANKER_ORDER = ['default', 'legacy', 'keyword', 'bm25'] as const;

/** The rankers `RANKERS` provides, known ones in `RANKER_ORDER`, any others after them. */
export function rankerNames(): string[] {
  const known: readonly string[] = RANKER_ORDER;
  const others = Object.keys(RANKERS)
    .filter((name) => !known.includes(name))
    .sort(compareByteOrder);
  return [...known.filter((name) => Object.hasOwn(RANKERS, name)), ...others];
}
