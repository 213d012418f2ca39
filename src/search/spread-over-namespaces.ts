import type { ScoreTable } from './score-table.js';

/** Spreads a request's scores over the namespaces of one index (`createNamespaceSpread`). */
export type SpreadOverNamespaces = (scores: ScoreTable) => void;

/**
 * A short request that names no service ("search issues") may mean any
 * service's tool for it: each further tool of a namespace scores a little
 * less than the one above it, so the top results show several services
 * before several tools of one. `namespaceOf` numbers each tool's namespace
 * (0 to `namespaceCount` - 1); tools are grouped by it in scratch arrays the
 * index keeps, so a request allocates nothing per namespace. Each further tool
 * of a namespace keeps `namespaceRepeatWeight` of its score per tool of that
 * namespace above it (`RankingParameters.namespaceRepeatWeight`).
 *
 * @example
 * const spread = createNamespaceSpread(Int32Array.of(0, 0, 1), 2, 0.8);
 * spread(scores);
 */
export function createNamespaceSpread(
  namespaceOf: ArrayLike<number>,
  namespaceCount: number,
  namespaceRepeatWeight: number,
): SpreadOverNamespaces {
  // Per namespace: how many candidates it has, and where its group is written next.
  const counts = new Int32Array(namespaceCount);
  const cursors = new Int32Array(namespaceCount);
  // The namespaces with candidates, and the candidates' positions grouped by namespace.
  const touched = new Int32Array(namespaceOf.length);
  const grouped = new Int32Array(namespaceOf.length);
  return (scores) => {
    const size = scores.size;
    let namespaces = 0;
    for (let index = 0; index < size; index++) {
      const namespace = namespaceOf[scores.positionAt(index)] as number;
      if (counts[namespace] === 0) touched[namespaces++] = namespace;
      counts[namespace] = (counts[namespace] as number) + 1;
    }
    // With one service matched there is nothing to spread over.
    if (namespaces >= 2) {
      let start = 0;
      for (let index = 0; index < namespaces; index++) {
        const namespace = touched[index] as number;
        cursors[namespace] = start;
        start += counts[namespace] as number;
      }
      for (let index = 0; index < size; index++) {
        const position = scores.positionAt(index);
        const namespace = namespaceOf[position] as number;
        grouped[cursors[namespace] as number] = position;
        cursors[namespace] = (cursors[namespace] as number) + 1;
      }
      // How many tools of its namespace rank above a tool is its rank within its namespace (by
      // score, ties by position): each namespace is ranked alone, and its best keeps its score.
      for (let index = 0; index < namespaces; index++) {
        const namespace = touched[index] as number;
        const count = counts[namespace] as number;
        if (count < 2) continue;
        const end = cursors[namespace] as number;
        const group = grouped.subarray(end - count, end);
        rankGroup(group, scores);
        for (let rank = 1; rank < count; rank++) {
          const position = group[rank] as number;
          scores.set(position, scores.scoreOf(position) * namespaceRepeatWeight ** rank);
        }
      }
    }
    for (let index = 0; index < namespaces; index++) counts[touched[index] as number] = 0;
  };
}

/** Sorts `group` by score (higher first), ties by position: by insertion when few, as most are. */
function rankGroup(group: Int32Array, scores: ScoreTable): void {
  if (group.length > 16) {
    group.sort((left, right) => scores.scoreOf(right) - scores.scoreOf(left) || left - right);
    return;
  }
  for (let index = 1; index < group.length; index++) {
    const position = group[index] as number;
    const score = scores.scoreOf(position);
    let slot = index;
    while (slot > 0) {
      const above = group[slot - 1] as number;
      const aboveScore = scores.scoreOf(above);
      if (aboveScore > score || (aboveScore === score && above < position)) break;
      group[slot] = above;
      slot--;
    }
    group[slot] = position;
  }
}
