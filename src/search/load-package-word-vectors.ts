import { describeError } from '../util/describe-error.js';
import { onceOrUndefined } from '../util/once-or-undefined.js';
import { warnToConsole } from '../util/warn-to-console.js';
import type { WordVectors } from '../vectors/word-vectors.js';

/** Not a literal, so that no bundler follows it (see `deferRanker`); Node resolves it from this file. */
const loaderModule = '../vectors/load-word-vectors.js';

/**
 * The package's word-vector table (`loadWordVectors()`) for the default
 * ranker, read on the first call, once per process; `undefined` where it
 * cannot be read. The root entry bundles for edge runtimes, so the loader is
 * imported by a specifier no bundler follows and only where Node's file
 * system is there: an edge runtime, a browser or Node before 22.3 gets
 * `undefined` without trying, as documented. Any other failure (a file
 * missing from the install, a bundle that left the loader out) is warned of
 * once and not tried again: it would fail the same way every time.
 *
 * @example
 * const wordVectors = await loadPackageWordVectors(); // undefined on an edge runtime
 */
export const loadPackageWordVectors: () => Promise<WordVectors | undefined> = onceOrUndefined(
  async () => {
    if (!hasNodeFileSystem()) return undefined;
    const { loadWordVectors } = (await import(
      /* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ loaderModule
    )) as typeof import('../vectors/load-word-vectors.js');
    return loadWordVectors();
  },
  (error) =>
    warnToConsole(
      `The default ranker could not load the package's word vectors, so a request that shares no word with any tool finds nothing (${describeError(error)}). In a bundled app (Next.js), pass toolDisclosure.ranker: createWordVectorRanker() from tool-disclosure/word-vectors, which the bundler can see; or createOramaRanker({ wordVectors: false }) from tool-disclosure/bridge to search by words alone.`,
    ),
);

/**
 * Whether `process.getBuiltinModule` gives Node's file system, as `loadWordVectors` reads it.
 * Next.js's edge runtime defines `EdgeRuntime` and a `getBuiltinModule` that throws.
 */
function hasNodeFileSystem(): boolean {
  if ('EdgeRuntime' in globalThis) return false;
  try {
    const runtime = globalThis.process as NodeJS.Process | undefined;
    return (
      typeof runtime?.getBuiltinModule === 'function' &&
      runtime.getBuiltinModule('node:fs/promises') !== undefined
    );
  } catch {
    return false;
  }
}
