import type { CliIo } from './cli-io.js';
import { runCli } from './run-cli.js';

/** What one command line printed, and its exit code. */
export interface CapturedRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `tool-disclosure` with its output captured, for tests.
 *
 * @example
 * const { code, stdout } = await runCliCaptured(['eval', '--corpus', file, '--json']);
 */
export async function runCliCaptured(
  args: readonly string[],
  environment: CliIo['environment'] = {},
): Promise<CapturedRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli(args, {
    stdout: (text) => stdout.push(text),
    stderr: (text) => stderr.push(text),
    environment,
  });
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}
