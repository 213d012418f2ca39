/**
 * `load` run once and its promise shared by every later call, unless it
 * rejects: then the next call runs `load` again, so a failed load (a missing
 * file, a module that could not be imported) is not remembered.
 *
 * @example
 * const table = onceUntilRejected(() => readTable());
 * await table(); // reads; later calls share that read
 */
export function onceUntilRejected<VALUE>(load: () => Promise<VALUE>): () => Promise<VALUE> {
  let loading: Promise<VALUE> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
