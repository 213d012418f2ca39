import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** What a collection collects: the whole heap, or only the young generation (a scavenge). */
export type CollectionKind = 'full' | 'minor';

type Collect = (options?: { type: 'major' | 'minor' }) => void;

/**
 * The garbage collector as a function that runs a collection of `kind`: the
 * global `gc` when Node.js runs with `--expose-gc`, else reached by setting
 * the flag at run time. A minor collection empties the young generation and
 * leaves the old one as it is, hidden classes included.
 */
export function exposeGc(kind: CollectionKind = 'full'): () => void {
  const existing = (globalThis as { gc?: Collect }).gc;
  const collect = typeof existing === 'function' ? existing : gcExposedNow();
  return kind === 'full' ? () => collect() : () => collect({ type: 'minor' });
}

function gcExposedNow(): Collect {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as Collect;
}
