import { hasMarker, ToolDisclosureError } from 'tool-disclosure/error';

const name = 'ToolDisclosureMcpServerError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/** What went wrong with an MCP server a catalog was to be read from. */
export type McpServerProblem = 'start' | 'timeout' | 'invalid-tools';

const hints: Record<McpServerProblem, string> = {
  start:
    'check that the command runs on its own (or that the URL answers MCP requests) and that its arguments, headers and environment are right',
  timeout:
    'check that the server starts and lists its tools in time, or raise the time-out (--mcp-timeout)',
  'invalid-tools':
    'check the tool list the server returns: every tool needs a name and an object input schema, and two tools may not share a name',
};

/**
 * An MCP server could not be used as a source of tools: it did not start or
 * connect, did not answer in time, or listed tools that cannot be cataloged.
 * Names the server (`server`: its namespace) and keeps the underlying error as `cause`.
 */
export class McpServerError extends ToolDisclosureError {
  readonly [symbol] = true;
  /** The server's name, as given on the command line or by the server. */
  readonly server: string;
  readonly problem: McpServerProblem;
  /** How the server was reached: the command line or the URL. */
  readonly target: string;
  /** What the server or the transport said. */
  readonly detail: string;

  constructor({
    server,
    problem,
    target,
    detail,
    cause,
  }: {
    server: string;
    problem: McpServerProblem;
    target: string;
    /** What the server or the transport said, already in words. */
    detail: string;
    cause?: unknown;
  }) {
    const what =
      problem === 'start'
        ? 'could not be started or connected to'
        : problem === 'timeout'
          ? 'did not start and list its tools in time'
          : 'listed tools that cannot be used';
    super({
      name,
      message: `MCP server "${server}" (${target}) ${what}: ${detail}; ${hints[problem]}`,
      cause,
    });
    this.server = server;
    this.problem = problem;
    this.target = target;
    this.detail = detail;
  }

  static override isInstance(error: unknown): error is McpServerError {
    return hasMarker(error, marker);
  }
}
