import { McpListingLimitError } from './mcp-listing-limit-error.js';
import { hasMarker, ToolDisclosureError } from './tool-disclosure-error.js';

const name = 'ToolDisclosureMcpConnectionError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A snapshot tool could not reach its MCP server: the app's `connect` failed,
 * or the connected server did not list its tools, or went past a bound while
 * connecting and listing (then `cause` is an `McpListingLimitError`, whose
 * message this one is). Names the server and keeps the underlying error as
 * `cause`; the next call tries again.
 */
export class McpConnectionError extends ToolDisclosureError {
  readonly [symbol] = true;
  /** The server's name in the snapshot. */
  readonly server: string;
  /** Which step failed: connecting, or listing the tools once connected. */
  readonly stage: 'connect' | 'list';

  constructor({
    server,
    stage,
    cause,
  }: { server: string; stage: 'connect' | 'list'; cause: unknown }) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    super({
      name,
      // A bound the server went past says all, the server's name included.
      message: McpListingLimitError.isInstance(cause)
        ? cause.message
        : stage === 'connect'
          ? `Could not connect to MCP server "${server}": ${detail}`
          : `MCP server "${server}" did not list its tools: ${detail}`,
      cause,
    });
    this.server = server;
    this.stage = stage;
  }

  static override isInstance(error: unknown): error is McpConnectionError {
    return hasMarker(error, marker);
  }
}
