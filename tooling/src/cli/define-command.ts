import type { ParseArgsConfig, parseArgs } from 'node:util';
import type { CliIo } from './cli-io.js';
import { CliUsageError } from './cli-usage-error.js';
import { parseCommandLine } from './parse-command-line.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A subcommand as `runCli` calls it: its arguments after the name, and the exit code. */
export type CliCommand = (args: readonly string[], io: CliIo) => Promise<number>;

/** What a command's body gets: the parsed flags and positionals, and its usage errors. */
export interface ParsedCommand<OPTIONS extends Options> {
  values: ReturnType<
    typeof parseArgs<{
      args: string[];
      options: OPTIONS & { help: { type: 'boolean'; short: 'h' } };
      allowPositionals: true;
      strict: true;
    }>
  >['values'];
  positionals: string[];
  /** A usage error whose message ends with the command's usage. */
  usageError: (message: string) => CliUsageError;
}

/**
 * A subcommand with the steps every command shares: strict flag parsing (an unknown flag or a
 * missing value is a usage error), `--help` printing `usage` with exit 0, and any positional past
 * `positionals` refused as `unexpected argument "…"`. `run` sees only a command line it may use.
 */
export function defineCommand<OPTIONS extends Options>(
  {
    usage,
    options,
    positionals = 0,
  }: {
    usage: string;
    options: OPTIONS;
    /** How many positionals the command takes. @default 0 */
    positionals?: number;
  },
  run: (command: ParsedCommand<OPTIONS>, io: CliIo) => Promise<number>,
): CliCommand {
  const usageError = (message: string) => new CliUsageError({ message: `${message}\n\n${usage}` });
  return async (args, io) => {
    const parsed: { values: { help?: unknown }; positionals: string[] } = parseCommandLine(
      args,
      options,
      usage,
    );
    if (parsed.values.help) {
      io.stdout(`${usage}\n`);
      return 0;
    }
    const unexpected = parsed.positionals[positionals];
    if (unexpected !== undefined) {
      throw usageError(`unexpected argument ${JSON.stringify(unexpected)}`);
    }
    return await run({ ...parsed, usageError } as ParsedCommand<OPTIONS>, io);
  };
}
