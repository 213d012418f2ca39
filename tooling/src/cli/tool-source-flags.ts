/** The time-out of one MCP server's start-up and tool listing, in milliseconds. */
export const DEFAULT_MCP_TIMEOUT_MS = 20_000;

/** The flags of every command that reads a catalog, for `parseCommandLine`. */
export const TOOL_SOURCE_OPTIONS = {
  catalog: { type: 'string' },
  mcp: { type: 'string', multiple: true },
  'mcp-url': { type: 'string', multiple: true },
  'mcp-header': { type: 'string', multiple: true },
  'mcp-timeout': { type: 'string' },
  tools: { type: 'string', multiple: true },
  'keep-going': { type: 'boolean' },
} as const;

/** The flags as `parseArgs` returns them. */
export interface ToolSourceFlags {
  catalog?: string | undefined;
  mcp?: string[] | undefined;
  'mcp-url'?: string[] | undefined;
  'mcp-header'?: string[] | undefined;
  'mcp-timeout'?: string | undefined;
  tools?: string[] | undefined;
  'keep-going'?: boolean | undefined;
}

/** The synopsis of the source flags, for a command's usage line. */
export const TOOL_SOURCE_SYNOPSIS =
  "[--mcp 'NAME=COMMAND ARGS...'] [--mcp-url 'NAME=URL'] [--mcp-header 'Name: value']\n       [--tools MODULE] [--mcp-timeout MS] [--keep-going]";

/** The usage error of a command given no source at all. */
export const MISSING_SOURCE_MESSAGE =
  '--catalog FILE is required, or another tool source: --mcp, --mcp-url or --tools';

/** How the source flags work, after the line that says whether one is needed. */
const SOURCE_FLAGS_HELP = `  --catalog FILE            a catalog file ({"tools": [...], "namespaces"?: {...}})
  --mcp 'NAME=COMMAND ARGS' a stdio MCP server, started (with this environment) and closed by the CLI;
                            arguments split at spaces, quotes group; NAME= may be left out
  --mcp-url 'NAME=URL'      a Streamable HTTP MCP server, with the SSE transport as fallback
  --mcp-header 'Name: value'  an HTTP header sent to every --mcp-url server (e.g. Authorization)
  --tools MODULE            a .js or .ts module whose default or "tools" export is an AI SDK tools
                            record, or a function returning one
Each MCP server becomes a namespace: NAME, else the name the server gives; its instructions are the
namespace's description. A server that fails to start, does not list its tools within
--mcp-timeout MS (default: ${DEFAULT_MCP_TIMEOUT_MS}) or lists invalid tools is an error naming it (exit 2);
with --keep-going it is a warning and the other sources' tools still load.`;

/** How the source flags work, for the `--help` of a command that reads no tools without them. */
export const TOOL_SOURCE_HELP = `Tool sources (each repeatable; combine any of them, at least one is needed):
${SOURCE_FLAGS_HELP}`;

/** The same, for a command with a catalog of its own (demo, bench, eval): any source is optional. */
export const OPTIONAL_TOOL_SOURCE_HELP = `Tool sources (each repeatable; combine any of them, or give none):
${SOURCE_FLAGS_HELP}`;

/** True when any source flag is given. */
export function hasToolSources(flags: ToolSourceFlags): boolean {
  return (
    flags.catalog !== undefined ||
    (flags.mcp?.length ?? 0) > 0 ||
    (flags['mcp-url']?.length ?? 0) > 0 ||
    (flags.tools?.length ?? 0) > 0
  );
}
