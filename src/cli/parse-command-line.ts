import { type ParseArgsConfig, parseArgs } from 'node:util';
import { CliUsageError } from './cli-usage-error.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses a subcommand's flags strictly: an unknown flag or a missing value is a usage error. */
export function parseCommandLine<OPTIONS extends Options>(
  args: readonly string[],
  options: OPTIONS,
  usage: string,
) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliUsageError({ message: `${(error as Error).message}\n\n${usage}`, cause: error });
  }
}

/** Splits a comma-separated list of globs; empty items are an error, not silently dropped. */
export function parseGlobList(flag: string, value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const globs = value.split(',').map((glob) => glob.trim());
  if (globs.some((glob) => glob.length === 0)) {
    throw new CliUsageError({
      message: `${flag} has an empty glob in ${JSON.stringify(value)}; separate globs with single commas, e.g. 'github.*,slack.*'`,
    });
  }
  return globs;
}

/** Parses a non-negative integer flag. */
export function parseCount(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new CliUsageError({
      message: `${flag} must be a non-negative integer, got ${JSON.stringify(value)}`,
    });
  }
  return Number(value);
}
