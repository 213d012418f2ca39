/** Ways of describing a thrown value, most telling first; any of them may throw. */
const describers: readonly ((error: unknown) => unknown)[] = [
  (error) => (error instanceof Error ? error.message : undefined),
  (error) => (error instanceof Error ? error.name : undefined),
  (error) => JSON.stringify(error),
  (error) => {
    const text = String(error);
    return text === '[object Object]' ? undefined : text;
  },
];

/**
 * Readable text for anything thrown; never throws itself, whatever was thrown
 * (a cycle, a BigInt, a Symbol, `undefined`, an Error whose `message` throws).
 */
export function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  for (const describe of describers) {
    try {
      const text = describe(error);
      if (typeof text === 'string' && text !== '') return text;
    } catch {
      // This way of describing it throws (a getter, a cycle, no prototype): try the next.
    }
  }
  return 'a value that cannot be shown as text';
}
