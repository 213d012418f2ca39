import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { summarizePairedTimes } from './summarize-paired-times.js';
import { timeAlternately } from './time-alternately.js';

const execFileAsync = promisify(execFile);

/** `import_ratio` in `bench --json`: the package's root entry against `ai`'s own import. */
export interface ImportRatio {
  /** Median milliseconds of `await import()` of the package's root entry in a fresh process. */
  ours_ms: number;
  /** Median milliseconds of `await import('ai')` in a fresh process. */
  ai_ms: number;
  /** Median over alternated pairs of (ours ÷ `ai`'s). */
  ratio: number;
}

/** Milliseconds one fresh process took to import `specifier`, timed inside that process. */
export type TimeImport = (specifier: string, cwd: string) => Promise<number>;

export interface MeasureImportRatioOptions {
  /** The built package's root entry (`dist/index.js`). */
  packageEntry: string;
  /** Pairs of fresh processes, alternating which goes first. @default 15 */
  pairs?: number;
  /** Times one import in a fresh process. @default a Node.js child process timing its own `import()` */
  timeImport?: TimeImport;
}

/**
 * The import of the package's root entry against `ai`'s own import, each in a
 * fresh Node.js process that times its `await import()` (process start-up is
 * not counted, and is the same for both), alternating in pairs. The root entry
 * imports `ai` itself, so the ratio is 1 plus what the package adds over `ai`.
 * Bare specifiers resolve from the package's folder, as in an application
 * that installed both.
 *
 * @example
 * const { ratio } = await measureImportRatio({ packageEntry: 'dist/index.js' });
 */
export async function measureImportRatio({
  packageEntry,
  pairs = 15,
  timeImport = timeImportInFreshProcess,
}: MeasureImportRatioOptions): Promise<ImportRatio> {
  const cwd = dirname(dirname(packageEntry));
  const times = await timeAlternately(
    pairs,
    () => timeImport(pathToFileURL(packageEntry).href, cwd),
    () => timeImport('ai', cwd),
  );
  const summary = summarizePairedTimes(times.first, times.second);
  return { ours_ms: summary.first_ms, ai_ms: summary.second_ms, ratio: summary.ratio };
}

async function timeImportInFreshProcess(specifier: string, cwd: string): Promise<number> {
  const script = `const start = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - start);`;
  const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', script], {
    cwd,
  });
  const ms = Number(stdout.trim());
  if (!Number.isFinite(ms)) {
    throw new Error(`the import of ${specifier} printed ${JSON.stringify(stdout)}, not a time`);
  }
  return ms;
}
