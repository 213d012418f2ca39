/**
 * Waits for `promise`, but rejects with `signal.reason` as soon as `signal`
 * aborts (at once when it already has), so a client that ignores its signal
 * cannot keep the caller waiting. The promise itself is left to settle alone.
 */
export function untilAborted<VALUE>(
  promise: PromiseLike<VALUE>,
  signal: AbortSignal | undefined,
): Promise<VALUE> {
  if (signal === undefined) return Promise.resolve(promise);
  return new Promise<VALUE>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(promise).then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
