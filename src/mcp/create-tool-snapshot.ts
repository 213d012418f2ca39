import { fingerprintMcpTool } from './fingerprint-mcp-tool.js';
import { listAllTools } from './list-all-tools.js';
import type { McpToolClient } from './mcp-tool-client.js';
import { parseToolSnapshot } from './parse-tool-snapshot.js';
import { TOOL_SNAPSHOT_SCHEMA_VERSION, type ToolSnapshot } from './tool-snapshot.js';

/** A connected MCP server to take a snapshot of. */
export interface SnapshotSource {
  /** Its name in the snapshot and the namespace of its tools: letters, digits, `_` or `-`. */
  readonly name: string;
  /** A connected client, such as `createMCPClient` from `@ai-sdk/mcp` returns; not closed here. */
  readonly client: McpToolClient;
}

/**
 * Lists the tools of connected MCP servers (every page) and returns a
 * snapshot of them: servers with their instructions, tools with their
 * description, input schema, annotations and fingerprint, in byte order, so
 * the same servers give the same bytes under `JSON.stringify`. Throws
 * `InvalidToolSnapshotError` when a server name is not a namespace or repeats,
 * or a server lists two tools of one name, and `McpListingLimitError` when a
 * server sends a page cursor it sent before (it would page forever).
 *
 * @example
 * const client = await createMCPClient({ transport });
 * const snapshot = await createToolSnapshot([{ name: 'github', client }]);
 * await writeFile('tools.snapshot.json', JSON.stringify(snapshot));
 */
export async function createToolSnapshot(
  sources: readonly SnapshotSource[],
): Promise<ToolSnapshot> {
  const listed = await Promise.all(
    sources.map(async ({ name, client }) => ({
      server: {
        name,
        ...(typeof client.instructions === 'string' ? { instructions: client.instructions } : {}),
      },
      tools: (await listAllTools(client, { server: name })).map((tool) => ({
        server: name,
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        inputSchema: tool.inputSchema,
        ...(tool.annotations == null ? {} : { annotations: tool.annotations }),
        fingerprint: fingerprintMcpTool(tool),
      })),
    })),
  );
  // Checked and ordered by the parser, so a snapshot taken is one that reads back.
  return parseToolSnapshot({
    schema_version: TOOL_SNAPSHOT_SCHEMA_VERSION,
    servers: listed.map(({ server }) => server),
    tools: listed.flatMap(({ tools }) => tools),
  });
}
