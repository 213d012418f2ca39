/** One ranking to fuse: candidate ids with their scores (higher is better), and its weight. */
export interface WeightedRanking {
  readonly scores: ReadonlyMap<string, number>;
  readonly weight: number;
}

/**
 * Reciprocal rank fusion: each candidate scores the sum over the rankings of
 * `weight / (k + rank)`, its rank counting 1 + the candidates scored strictly
 * higher, so equal scores share a rank and tied tools stay tied. A candidate
 * absent from a ranking gets nothing from it. `k` damps the lead of the first
 * places (60 in the original paper, Cormack et al. 2009).
 *
 * @example
 * fuseRankings([{ scores: new Map([['a', 9], ['b', 3]]), weight: 1 }, { scores: new Map([['b', 0.8]]), weight: 1 }], 60)
 * // Map { 'a' => 1/61, 'b' => 1/62 + 1/61 }
 */
export function fuseRankings(rankings: readonly WeightedRanking[], k: number): Map<string, number> {
  const fused = new Map<string, number>();
  for (const { scores, weight } of rankings) {
    const ordered = [...scores.values()].sort((left, right) => right - left);
    for (const [id, score] of scores) {
      // The first position holding this score, found by binary search in the descending list.
      let low = 0;
      let high = ordered.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if ((ordered[middle] as number) > score) low = middle + 1;
        else high = middle;
      }
      fused.set(id, (fused.get(id) ?? 0) + weight / (k + low + 1));
    }
  }
  return fused;
}
