import { NAMESPACE_PATTERN } from 'tool-disclosure/catalog';
import { CliUsageError } from './cli-usage-error.js';
import { splitCommandLine } from './split-command-line.js';

/** An MCP server as given by `--mcp` or `--mcp-url`, before it is started or connected to. */
export interface McpServerSpec {
  /** The NAME given on the command line, if any. */
  name: string | undefined;
  transport: 'stdio' | 'http';
  target: string;
  command?: string[];
  url?: string;
}

/** `NAME=rest` when the part before the first `=` is a namespace name; otherwise no name. */
function splitName(value: string): { name: string | undefined; rest: string } {
  const match = /^([^=\s]+)=(.*)$/s.exec(value.trim());
  if (match === null || !NAMESPACE_PATTERN.test(match[1] as string)) {
    return { name: undefined, rest: value.trim() };
  }
  return { name: match[1], rest: (match[2] as string).trim() };
}

/** A `--mcp 'NAME=COMMAND ARGS'` value as a stdio server. */
export function parseStdioSpec(value: string): McpServerSpec {
  const { name, rest } = splitName(value);
  const command = splitCommandLine(rest);
  if (command.length === 0) {
    throw new CliUsageError({
      message: `--mcp needs a command, e.g. --mcp 'fs=npx @modelcontextprotocol/server-filesystem /tmp', got ${JSON.stringify(value)}`,
    });
  }
  return { name, transport: 'stdio', target: rest, command };
}

/** A `--mcp-url 'NAME=URL'` value as an HTTP server; the URL must be http: or https:. */
export function parseUrlSpec(value: string): McpServerSpec {
  const { name, rest } = splitName(value);
  let url: URL;
  try {
    url = new URL(rest);
  } catch {
    throw new CliUsageError({
      message: `--mcp-url needs NAME=URL with an http(s) URL, e.g. --mcp-url 'docs=http://127.0.0.1:3000/mcp', got ${JSON.stringify(value)}`,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliUsageError({
      message: `--mcp-url needs an http: or https: URL, got ${JSON.stringify(rest)}`,
    });
  }
  return { name, transport: 'http', target: url.href, url: url.href };
}
