import { asRecord } from './rekey-settings.js';

/** The app's `timeout` with `timeoutMs` for every tool call, unless the app set one of its own. */
export function withToolTimeout(timeout: unknown, timeoutMs: number): unknown {
  if (typeof timeout === 'number') return { totalMs: timeout, toolMs: timeoutMs };
  const configured = asRecord(timeout);
  return configured.toolMs === undefined ? { ...configured, toolMs: timeoutMs } : timeout;
}
