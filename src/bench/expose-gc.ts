import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The garbage collector as a function that runs a full collection: the global
 * `gc` when Node.js runs with `--expose-gc`, else reached by setting the flag
 * at run time.
 */
export function exposeGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
