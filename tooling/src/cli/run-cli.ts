import { readFile } from 'node:fs/promises';
import { ToolDisclosureError } from 'tool-disclosure/error';
import { baselineCommand } from './baseline-command.js';
import { benchCommand } from './bench-command.js';
import type { CliIo } from './cli-io.js';
import { CliUsageError } from './cli-usage-error.js';
import { demoCommand } from './demo-command.js';
import { e2eCommand } from './e2e-command.js';
import { evalCommand } from './eval-command.js';
import { gatesCommand } from './gates-command.js';
import { inspectCommand } from './inspect-command.js';
import { McpServerError } from './mcp-server-error.js';
import { reportCommand } from './report-command.js';
import { searchCommand } from './search-command.js';
import { snapshotCommand } from './snapshot-command.js';

const commands: Record<string, (args: readonly string[], io: CliIo) => Promise<number>> = {
  inspect: inspectCommand,
  eval: evalCommand,
  search: searchCommand,
  snapshot: snapshotCommand,
  baseline: baselineCommand,
  gates: gatesCommand,
  demo: demoCommand,
  bench: benchCommand,
  e2e: e2eCommand,
  report: reportCommand,
};

const usage = `Usage: tool-disclosure <command> [options]

Commands:
  inspect   show what the model would be shown for a catalog file
  eval      measure a ranker's retrieval quality on a judged corpus
  search    run tool_search on a catalog file, as the model would
  snapshot  write a tool snapshot of MCP servers, to serve their tools without listing them
  baseline  compute the scale baseline of a judged corpus padded with distractors
  gates     check the retrieval gates of every ranker on the shared benchmarks
  demo      run a scripted (or OpenAI) agent through the wrapper over 1,000 tools
  bench     measure tokens, the built-in toolSearch, overhead, cold start and search latency
  e2e       run judged end-to-end tasks per disclosure arm and catalog size (scripted or a real model)
  report    render a bench or e2e JSON as Markdown tables and SVG charts

Options:
  -h, --help     print this help
  -v, --version  print the version

Run 'tool-disclosure <command> --help' for a command's options.`;

/** The package's version, from its package.json (two folders up, from src/cli and dist/cli alike). */
async function packageVersion(): Promise<string> {
  const text = await readFile(new URL('../../package.json', import.meta.url), 'utf8');
  return String((JSON.parse(text) as { version?: unknown }).version);
}

/**
 * Runs the command line and returns the exit code: 0 on success, 1 when the
 * input is rejected, 2 on a usage error or an MCP server that cannot be used. Errors are printed as one message,
 * never as a stack trace.
 */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${usage}\n`);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${await packageVersion()}\n`);
    return 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.stderr(
      `tool-disclosure: unknown command ${JSON.stringify(name)}. Commands: ${Object.keys(commands).join(', ')}\n`,
    );
    return 2;
  }
  try {
    return await command(rest, io);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`tool-disclosure: ${message}\n`);
    if (CliUsageError.isInstance(error) || McpServerError.isInstance(error)) return 2;
    return ToolDisclosureError.isInstance(error) ? 1 : 70;
  }
}
