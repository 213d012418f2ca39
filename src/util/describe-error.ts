/** A thrown value as text, whatever it is (an object without a prototype has no `toString`). */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return String(error);
  } catch {
    return Object.prototype.toString.call(error);
  }
}
