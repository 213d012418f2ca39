/**
 * Runs `run` with a signal that aborts after `timeoutMs`, and settles by then
 * whether or not `run` heeds the signal: a provider that ignores it (or a
 * cache client that hangs) cannot hold a search past its time. Rejects with a
 * `TimeoutError` DOMException, as `AbortSignal.timeout` does; its timer is
 * cleared once `run` settles.
 */
export function runWithTimeout<RESULT>(
  run: (abortSignal: AbortSignal) => PromiseLike<RESULT>,
  timeoutMs: number,
): Promise<RESULT> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError');
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  return Promise.race([Promise.resolve().then(() => run(controller.signal)), expired]).finally(() =>
    clearTimeout(timer),
  );
}
