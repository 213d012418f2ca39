/**
 * `load` run once and its outcome shared by every later call, a failure
 * included: a rejection is passed to `onFailure` once and every call then
 * resolves `undefined`, as when `load` itself finds nothing to load. For
 * optional loads whose failures do not pass with time (a runtime without a
 * file system, a file missing from the install): tried again, each would cost
 * every call the same failure.
 *
 * @example
 * const table = onceOrUndefined(() => readTable(), (error) => console.warn(error));
 * await table(); // the table, or undefined; later calls share that outcome
 */
export function onceOrUndefined<VALUE>(
  load: () => Promise<VALUE | undefined>,
  onFailure: (error: unknown) => void,
): () => Promise<VALUE | undefined> {
  let loading: Promise<VALUE | undefined> | undefined;
  return () => {
    loading ??= Promise.resolve()
      .then(load)
      .catch((error: unknown) => {
        onFailure(error);
        return undefined;
      });
    return loading;
  };
}
