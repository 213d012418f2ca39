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
  // With one service matched there is nothing to spread over.
  let first: string | undefined;
  let several = false;
  for (const position of scores.keys()) {
    const namespace = namespaceOf[position] as string;
    first ??= namespace;
    if (namespace !== first) {
      several = true;
      break;
    }
  }
  if (!several) return;
  // Ranked by score, ties by position, in typed arrays: no entry array per tool.
  const positions = Int32Array.from(scores.keys());
  const values = Float64Array.from(scores.values());
  const order = Int32Array.from(positions.keys()).sort(
    (left, right) =>
      (values[right] as number) - (values[left] as number) ||
      (positions[left] as number) - (positions[right] as number),
  );
  const above = new Map<string, number>();
  for (const index of order) {
    const position = positions[index] as number;
    const namespace = namespaceOf[position] as string;
    const count = above.get(namespace) ?? 0;
    above.set(namespace, count + 1);
    scores.set(position, (values[index] as number) * namespaceRepeatWeight ** count);
  }
}

/** Each further tool of one namespace keeps this share of its score per tool of that namespace above it. */
const namespaceRepeatWeight = 0.8;
