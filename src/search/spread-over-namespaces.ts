import type { ScoreMap } from './score-table.js';

/**
 * A short request that names no service ("search issues") may mean any
 * service's tool for it: each further tool of a namespace scores a little
 * less than the one above it, so the top results show several services
 * before several tools of one.
 */
export function spreadOverNamespaces(scores: ScoreMap, namespaceOf: readonly string[]): void {
  // The candidates by index, in flat arrays the sorts below read without a lookup each.
  const positions: number[] = [];
  const values: number[] = [];
  const groups = new Map<string, number[]>();
  let count = 0;
  scores.forEach((score, position) => {
    positions[count] = position;
    values[count] = score;
    const namespace = namespaceOf[position] as string;
    const group = groups.get(namespace);
    if (group === undefined) groups.set(namespace, [count]);
    else group.push(count);
    count++;
  });
  // With one service matched there is nothing to spread over.
  if (groups.size < 2) return;
  // How many tools of its namespace rank above a tool is its rank within its namespace (by
  // score, ties by position): each namespace is ranked alone, and its best keeps its score.
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort(
      (left, right) =>
        (values[right] as number) - (values[left] as number) ||
        (positions[left] as number) - (positions[right] as number),
    );
    for (let rank = 1; rank < group.length; rank++) {
      const index = group[rank] as number;
      scores.set(
        positions[index] as number,
        (values[index] as number) * namespaceRepeatWeight ** rank,
      );
    }
  }
}

/** Each further tool of one namespace keeps this share of its score per tool of that namespace above it. */
const namespaceRepeatWeight = 0.8;
