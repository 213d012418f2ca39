import { writeFile } from 'node:fs/promises';
import type { ToolSnapshot } from 'tool-disclosure/mcp';
import { createToolSnapshot } from 'tool-disclosure/mcp';
import { utf8ByteLength } from 'tool-disclosure/util';
import { CliUsageError } from './cli-usage-error.js';
import { type CliCommand, defineCommand } from './define-command.js';
import { loadToolSources } from './load-tool-sources.js';
import { TOOL_SOURCE_OPTIONS } from './tool-source-flags.js';

export const SNAPSHOT_USAGE = `Usage: tool-disclosure snapshot --out FILE [--mcp 'NAME=COMMAND ARGS...'] [--mcp-url 'NAME=URL']
       [--mcp-header 'Name: value'] [--mcp-timeout MS] [--keep-going] [--json]

Lists the tools of MCP servers and writes a tool snapshot to FILE: each server's name and
instructions, each tool's name, description, input schema, annotations, server and a SHA-256
fingerprint of that content (schema_version 1). An app serves the tools from the file with
parseToolSnapshot and createMcpToolsFromSnapshot (tool-disclosure/mcp), connecting to a server only
when one of its tools is called. The same servers give the same bytes.
Prints one line (servers, tools, bytes); with --json, one object:
{out, bytes, tools, servers: [{name, tools}]}.

MCP servers (each repeatable, at least one is needed):
  --mcp 'NAME=COMMAND ARGS' a stdio MCP server, started (with this environment) and closed by the CLI;
                            arguments split at spaces, quotes group; NAME= may be left out
  --mcp-url 'NAME=URL'      a Streamable HTTP MCP server, with the SSE transport as fallback
  --mcp-header 'Name: value'  an HTTP header sent to every --mcp-url server; never written to FILE
Each server's NAME (else the name the server gives) names it in the snapshot and is the namespace of
its tools. A server that fails to start, does not list its tools within --mcp-timeout MS or lists
invalid tools is an error naming it (exit 2) and FILE is not written; with --keep-going it is a
warning and the snapshot holds the other servers.`;

/** The machine-readable summary of `snapshot --json`. */
interface SnapshotSummary {
  out: string;
  bytes: number;
  tools: number;
  servers: { name: string; tools: number }[];
}

/** `tool-disclosure snapshot`: a tool snapshot of MCP servers, written to a file. */
export const snapshotCommand: CliCommand = defineCommand(
  {
    usage: SNAPSHOT_USAGE,
    options: { ...TOOL_SOURCE_OPTIONS, out: { type: 'string' }, json: { type: 'boolean' } },
  },
  async ({ values, usageError }, io) => {
    const notServers = [
      ...(values.catalog === undefined ? [] : ['--catalog']),
      ...((values.tools?.length ?? 0) > 0 ? ['--tools'] : []),
    ];
    if (notServers.length > 0) {
      throw usageError(
        `snapshot takes MCP servers only (--mcp, --mcp-url), not ${notServers.join(' or ')}: a snapshot lets an app serve MCP tools without connecting to their servers, and a catalog file or a tools module is already loaded without one`,
      );
    }
    if (values.out === undefined) {
      throw usageError('--out FILE is required: where to write the snapshot');
    }
    if ((values.mcp?.length ?? 0) + (values['mcp-url']?.length ?? 0) === 0) {
      throw usageError(
        `at least one MCP server is required: --mcp 'NAME=COMMAND ARGS' or --mcp-url 'NAME=URL'`,
      );
    }
    const out = values.out;

    const sources = await loadToolSources(values, io);
    let snapshot: ToolSnapshot;
    try {
      if (sources.clients.length === 0) {
        throw new CliUsageError({
          message: `no MCP server could be listed (see the warnings above); ${out} was not written`,
        });
      }
      snapshot = await createToolSnapshot(
        sources.clients.map(({ namespace, client }) => ({ name: namespace, client })),
      );
    } finally {
      await sources.close();
    }

    const text = `${JSON.stringify(snapshot, null, 2)}\n`;
    try {
      await writeFile(out, text);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new CliUsageError({
        message: `cannot write ${out}: ${code ?? (error as Error).message}`,
        cause: error,
      });
    }
    const summary: SnapshotSummary = {
      out,
      bytes: utf8ByteLength(text),
      tools: snapshot.tools.length,
      servers: snapshot.servers.map(({ name }) => ({
        name,
        tools: snapshot.tools.filter((tool) => tool.server === name).length,
      })),
    };
    if (values.json) {
      io.stdout(`${JSON.stringify(summary)}\n`);
      return 0;
    }
    const servers = summary.servers.map(({ name, tools }) => `${name} ${tools}`).join(', ');
    io.stdout(
      `wrote ${out}: ${plural(summary.servers.length, 'server')} (${servers}), ${plural(summary.tools, 'tool')}, ${summary.bytes} bytes\n`,
    );
    return 0;
  },
);

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
