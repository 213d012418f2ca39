const separators = ['.', '/', '__'] as const;

/**
 * Splits a raw tool name at its first namespace separator (`.`, `/` or `__`,
 * whichever comes first). Returns undefined when the name has no prefix.
 *
 * @example
 * splitQualifiedName('github__create_issue') // { prefix: 'github', rest: 'create_issue' }
 */
export function splitQualifiedName(name: string): { prefix: string; rest: string } | undefined {
  let best: { index: number; length: number } | undefined;
  for (const separator of separators) {
    const index = name.indexOf(separator);
    if (index > 0 && (best === undefined || index < best.index)) {
      best = { index, length: separator.length };
    }
  }
  if (best === undefined) return undefined;
  const rest = name.slice(best.index + best.length);
  if (rest.length === 0) return undefined;
  return { prefix: name.slice(0, best.index), rest };
}
