import { hasMarker, ToolDisclosureError } from './tool-disclosure-error.js';

const name = 'ToolDisclosureMcpListingLimitError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * Which bound an MCP server went past while its tools were listed: too many
 * pages, too many tools, too much time to connect and list, or a page cursor
 * it had sent before (which would list the same pages forever).
 */
export type McpListingLimit = 'pages' | 'tools' | 'time' | 'cursor';

/** The option of `createMcpToolsFromSnapshot` that sets each bound; a repeated cursor has none. */
const options = {
  pages: 'maxListPages',
  tools: 'maxListedTools',
  time: 'connectTimeoutMs',
  cursor: undefined,
} as const;

/**
 * An MCP server was given up on while its tools were listed, because it went
 * past a bound (`limit`): what it listed so far is dropped and its connection
 * closed. Names the server, the bound (`max`) and the option that sets it.
 * The message never quotes what the server sent.
 */
export class McpListingLimitError extends ToolDisclosureError {
  readonly [symbol] = true;
  /** The server's name in the snapshot. */
  readonly server: string;
  readonly limit: McpListingLimit;
  /** The bound: pages, tools or milliseconds; undefined for a repeated cursor. */
  readonly max: number | undefined;
  /** The option that sets the bound (`maxListPages`, `maxListedTools`, `connectTimeoutMs`). */
  readonly option: string | undefined;

  constructor({
    server,
    limit,
    max,
  }: { server: string; limit: McpListingLimit; max?: number | undefined }) {
    const option = options[limit];
    const what =
      limit === 'pages'
        ? `listed more than ${max} pages of tools; expected at most ${max} (${option})`
        : limit === 'tools'
          ? `listed more than ${max} tools; expected at most ${max} (${option})`
          : limit === 'time'
            ? `did not connect and list its tools within the ${max} ms allowed (${option})`
            : 'sent a page cursor it had sent before, which would list the same pages forever; expected a new cursor after each page, or none after the last';
    super({
      name,
      message: `MCP server "${server}" ${what}. It was given up on and its connection closed.`,
    });
    this.server = server;
    this.limit = limit;
    this.max = limit === 'cursor' ? undefined : max;
    this.option = option;
  }

  static override isInstance(error: unknown): error is McpListingLimitError {
    return hasMarker(error, marker);
  }
}
