/**
 * A short request that names no service ("search issues") may mean any
 * service's tool for it: each further tool of a namespace scores a little
 * less than the one above it, so the top results show several services
 * before several tools of one.
 */
export function spreadOverNamespaces(
  scores: Map<number, number>,
  namespaceOf: readonly string[],
): void {
  const groups = new Map<string, number[]>();
  for (const position of scores.keys()) {
    const namespace = namespaceOf[position] as string;
    const group = groups.get(namespace);
    if (group === undefined) groups.set(namespace, [position]);
    else group.push(position);
  }
  // With one service matched there is nothing to spread over.
  if (groups.size < 2) return;
  // How many tools of its namespace rank above a tool is its rank within its namespace (by
  // score, ties by position): each namespace is ranked alone, and its best keeps its score.
  const scoreOf = (position: number) => scores.get(position) as number;
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((left, right) => scoreOf(right) - scoreOf(left) || left - right);
    for (let rank = 1; rank < group.length; rank++) {
      const position = group[rank] as number;
      scores.set(position, scoreOf(position) * namespaceRepeatWeight ** rank);
    }
  }
}

/** Each further tool of one namespace keeps this share of its score per tool of that namespace above it. */
const namespaceRepeatWeight = 0.8;
