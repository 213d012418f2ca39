import { type ParseArgsConfig, parseArgs } from 'node:util';
import { createGlobMatcher } from 'tool-disclosure/catalog';
import { InvalidGlobError } from 'tool-disclosure/error';
import { CliUsageError } from './cli-usage-error.js';

type Options = NonNullable<ParseArgsConfig['options']>;

const helpOption = { help: { type: 'boolean', short: 'h' } } as const;

/**
 * Parses a subcommand's flags strictly: an unknown flag or a missing value is a
 * usage error. Every command also accepts `--help`.
 */
export function parseCommandLine<OPTIONS extends Options>(
  args: readonly string[],
  options: OPTIONS,
  usage: string,
) {
  try {
    return parseArgs({
      args: [...args],
      options: { ...options, ...helpOption },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new CliUsageError({ message: `${(error as Error).message}\n\n${usage}`, cause: error });
  }
}

/**
 * Splits comma-separated lists of globs, from one or more uses of a flag;
 * empty items and globs that do not compile are usage errors, not silently
 * dropped.
 */
export function parseGlobList(
  flag: string,
  values: readonly string[] | undefined,
): string[] | undefined {
  if (values === undefined) return undefined;
  const value = values.join(',');
  const globs = value.split(',').map((glob) => glob.trim());
  if (globs.some((glob) => glob.length === 0)) {
    throw new CliUsageError({
      message: `${flag} has an empty glob in ${JSON.stringify(value)}; separate globs with single commas, e.g. 'github.*,slack.*'`,
    });
  }
  try {
    createGlobMatcher(globs, flag);
  } catch (error) {
    if (!InvalidGlobError.isInstance(error)) throw error;
    throw new CliUsageError({ message: error.message, cause: error });
  }
  return globs;
}

/** Parses an integer flag of at least `minimum`. */
export function parseCount(
  flag: string,
  value: string | undefined,
  minimum = 0,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < minimum) {
    throw new CliUsageError({
      message: `${flag} must be an integer of at least ${minimum}, got ${JSON.stringify(value)}`,
    });
  }
  return Number(value);
}

/** A flag that takes one of `choices`; undefined when it is not given, a usage error naming them otherwise. */
export function parseChoice<CHOICE extends string>(
  flag: string,
  value: string | undefined,
  choices: readonly CHOICE[],
): CHOICE | undefined {
  if (value === undefined) return undefined;
  if (!(choices as readonly string[]).includes(value)) {
    throw new CliUsageError({
      message: `${flag} must be one of ${choices.join(', ')}, got ${JSON.stringify(value)}`,
    });
  }
  return value as CHOICE;
}
