/** A signal that aborts, with its reason, when the first of `signals` aborts; `unlink` when done with it. */
export interface LinkedSignal {
  readonly signal: AbortSignal;
  /** Stops following the source signals, so a long-lived one keeps no listener. */
  unlink(): void;
}

/** Links `signals` (undefined ones skipped) into one, without `AbortSignal.any`'s lasting dependents. */
export function linkSignals(...signals: readonly (AbortSignal | undefined)[]): LinkedSignal {
  const controller = new AbortController();
  const sources = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  const onAbort = (event: Event) => {
    controller.abort((event.target as AbortSignal).reason);
    unlink();
  };
  const unlink = () => {
    for (const source of sources) source.removeEventListener('abort', onAbort);
  };
  const aborted = sources.find((source) => source.aborted);
  if (aborted !== undefined) controller.abort(aborted.reason);
  else for (const source of sources) source.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, unlink };
}
