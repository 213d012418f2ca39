import { pointKey } from './parameter-point.js';
import type { ScoreSet, SetScore } from './set-score.js';

/** `score`, asked once per set and point. */
export function createScoreMemo(score: ScoreSet): ScoreSet {
  const kept = new Map<string, Promise<SetScore>>();
  return (set, point) => {
    const key = `${set}\u0000${pointKey(point)}`;
    let found = kept.get(key);
    if (found === undefined) {
      found = score(set, point);
      kept.set(key, found);
    }
    return found;
  };
}
