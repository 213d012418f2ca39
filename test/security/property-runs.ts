import fc from 'fast-check';

/** The fixed seed of every security property, so a failure replays exactly. */
export const PROPERTY_SEED = 11_2026;

/** The environment variable that sets how many cases each property runs (CI sets 2000). */
export const PROPERTY_RUNS_VARIABLE = 'TOOL_DISCLOSURE_PROPERTY_RUNS';

/** Replays one counterexample: the `path` a failure report prints. */
export const PROPERTY_PATH_VARIABLE = 'TOOL_DISCLOSURE_PROPERTY_PATH';

/** Cases per property: `TOOL_DISCLOSURE_PROPERTY_RUNS`, else 200. */
export function propertyRuns(
  environment: Record<string, string | undefined> = process.env,
): number {
  const raw = environment[PROPERTY_RUNS_VARIABLE]?.trim();
  if (raw === undefined || raw === '') return 200;
  const runs = Number(raw);
  if (!Number.isSafeInteger(runs) || runs < 1) {
    throw new Error(
      `${PROPERTY_RUNS_VARIABLE} must be a positive integer, not ${JSON.stringify(raw)}.`,
    );
  }
  return runs;
}

/** A test timeout for a property: 30 s plus 50 ms per case (2,000 cases: 130 s). */
export function propertyTimeout(): number {
  return 30_000 + propertyRuns() * 50;
}

/**
 * Runs an asynchronous property with the fixed seed and `propertyRuns()` cases,
 * prints how many cases ran, and on failure throws a readable report: the
 * shrunk counterexample as indented JSON (long strings abbreviated), the
 * failure, and how to replay it.
 */
export async function assertProperty<TS extends [unknown, ...unknown[]]>(
  name: string,
  property: fc.IAsyncPropertyWithHooks<TS>,
): Promise<void> {
  const numRuns = propertyRuns();
  const path = process.env[PROPERTY_PATH_VARIABLE]?.trim() || undefined;
  const report: fc.Plugin<TS> = () => ({
    onAllRunsComplete: (details) => {
      const ran = details.failed ? `failed at case ${details.numRuns}` : `${details.numRuns} cases`;
      console.log(`[security property] ${name}: ${ran} (seed ${details.seed}, runs ${numRuns})`);
      if (!details.failed) return;
      throw new Error(formatFailure(name, details));
    },
  });
  await fc.assert(property, {
    seed: PROPERTY_SEED,
    numRuns,
    ...(path === undefined ? {} : { path }),
    plugins: [report],
  });
}

function formatFailure<TS>(name: string, details: fc.RunDetails<TS>): string {
  const error = details.errorInstance;
  const message = error instanceof Error ? error.message : String(error);
  return [
    `Security property "${name}" failed after ${details.numRuns} case(s), shrunk ${details.numShrinks} time(s).`,
    `Replay: ${PROPERTY_PATH_VARIABLE}=${details.counterexamplePath ?? ''} (seed ${details.seed}).`,
    'Counterexample:',
    readable(details.counterexample),
    'Failure:',
    message,
  ].join('\n');
}

/** Indented JSON of a generated value, with long strings shortened and odd values named. */
export function readable(value: unknown): string {
  return (
    JSON.stringify(
      value,
      (_key, item: unknown) => {
        if (typeof item === 'string' && item.length > 160) {
          return `${item.slice(0, 120)}… (${item.length} chars)`;
        }
        if (typeof item === 'bigint') return `${item}n`;
        if (typeof item === 'number' && !Number.isFinite(item)) return String(item);
        if (item === undefined) return '<undefined>';
        if (typeof item === 'function') return '<function>';
        return item;
      },
      2,
    ) ?? String(value)
  );
}
