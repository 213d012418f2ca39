import { dynamicTool, type JSONSchema7, type JSONValue, jsonSchema, type ToolSet } from 'ai';
import { fingerprintMcpTool } from './fingerprint-mcp-tool.js';
import { listAllTools } from './list-all-tools.js';
import { McpConnectionError } from './mcp-connection-error.js';
import { mcpToModelOutput } from './mcp-to-model-output.js';
import type { McpToolClient, McpToolDefinition } from './mcp-tool-client.js';
import { StaleSnapshotError } from './stale-snapshot-error.js';
import type { SnapshotTool, ToolSnapshot } from './tool-snapshot.js';

/** Options of `createMcpToolsFromSnapshot`. */
export interface CreateMcpToolsFromSnapshotOptions {
  /**
   * Connects to a server of the snapshot, by its name: the app decides how
   * (stdio, HTTP, credentials). Called at most once per server while a
   * connection stands, on the first call of one of its tools.
   */
  readonly connect: (server: string) => PromiseLike<McpToolClient>;
}

/** Tools served from a snapshot, and a way to close the connections their calls opened. */
export interface McpSnapshotTools {
  /**
   * AI SDK tools keyed `server.tool` (`github.create_issue`), each with
   * `metadata.namespace` and `metadata.clientName` set to its server and
   * `metadata.annotations` to its MCP annotations.
   */
  readonly tools: ToolSet;
  /** Closes every client opened so far, waiting for connections still being made; a later call connects again. */
  close(): Promise<void>;
}

/** A connected server and its tools as it lists them now. */
interface Session {
  readonly client: McpToolClient;
  readonly live: ReadonlyMap<string, McpToolDefinition>;
}

/**
 * Serves a snapshot's tools without connecting to any server: each tool's
 * `execute` connects to its server on the first call of any of its tools
 * (concurrent calls share the connection), lists the server's tools once, and
 * runs the tool only when the server still lists it with the snapshot's
 * fingerprint. A tool that changed or vanished fails with `StaleSnapshotError`
 * (`stale_snapshot`) and is never called: its arguments were validated against
 * the old schema. A failed connection fails the call with `McpConnectionError`
 * and is tried again on the next call. Results are returned as `@ai-sdk/mcp`
 * returns them, `isError` results included.
 *
 * @example
 * const { tools, close } = createMcpToolsFromSnapshot(parseToolSnapshot(json), {
 *   connect: (server) => createMCPClient({ transport: transports[server] }),
 * });
 * try {
 *   const settings = await withToolDisclosure({ model, prompt, tools });
 *   return await generateText(settings);
 * } finally {
 *   await close();
 * }
 */
export function createMcpToolsFromSnapshot(
  snapshot: ToolSnapshot,
  { connect }: CreateMcpToolsFromSnapshotOptions,
): McpSnapshotTools {
  const sessions = new Map<string, Promise<Session>>();

  const sessionOf = (server: string): Promise<Session> => {
    const existing = sessions.get(server);
    if (existing !== undefined) return existing;
    const session = openSession(server, connect);
    sessions.set(server, session);
    // A failed connection is not kept: the next call tries again.
    session.catch(() => {
      if (sessions.get(server) === session) sessions.delete(server);
    });
    return session;
  };

  const tools: ToolSet = Object.create(null);
  for (const snapshotTool of snapshot.tools) {
    tools[`${snapshotTool.server}.${snapshotTool.name}`] = dynamicTool({
      description: snapshotTool.description,
      metadata: {
        namespace: snapshotTool.server,
        clientName: snapshotTool.server,
        toolName: snapshotTool.name,
        ...(snapshotTool.annotations === undefined
          ? {}
          : { annotations: snapshotTool.annotations as Record<string, JSONValue> }),
      },
      // As `@ai-sdk/mcp` builds its tools, so arguments are checked as the live tool's would be.
      inputSchema: jsonSchema({
        ...snapshotTool.inputSchema,
        properties: snapshotTool.inputSchema.properties ?? {},
        additionalProperties: false,
      } as JSONSchema7),
      execute: async (input, options) => {
        const { client, live } = await sessionOf(snapshotTool.server);
        checkFresh(snapshotTool, live.get(snapshotTool.name));
        options.abortSignal?.throwIfAborted();
        return client.callTool({
          name: snapshotTool.name,
          arguments: input as Record<string, unknown>,
          options: { signal: options.abortSignal },
        });
      },
      toModelOutput: mcpToModelOutput,
    });
  }

  return {
    tools,
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      const settled = await Promise.allSettled(open);
      await Promise.allSettled(
        settled.flatMap((result) =>
          result.status === 'fulfilled' ? [result.value.client.close()] : [],
        ),
      );
    },
  };
}

async function openSession(
  server: string,
  connect: CreateMcpToolsFromSnapshotOptions['connect'],
): Promise<Session> {
  let client: McpToolClient;
  try {
    client = await connect(server);
  } catch (cause) {
    throw new McpConnectionError({ server, stage: 'connect', cause });
  }
  try {
    const live = new Map<string, McpToolDefinition>();
    for (const tool of await listAllTools(client)) live.set(tool.name, tool);
    return { client, live };
  } catch (cause) {
    await client.close().catch(() => {});
    throw new McpConnectionError({ server, stage: 'list', cause });
  }
}

/** Throws `StaleSnapshotError` unless the server lists the tool exactly as the snapshot has it. */
function checkFresh(snapshotTool: SnapshotTool, live: McpToolDefinition | undefined): void {
  if (live === undefined) {
    throw new StaleSnapshotError({
      server: snapshotTool.server,
      tool: snapshotTool.name,
      reason: 'vanished',
    });
  }
  if (fingerprintMcpTool(live) !== snapshotTool.fingerprint) {
    throw new StaleSnapshotError({
      server: snapshotTool.server,
      tool: snapshotTool.name,
      reason: 'changed',
    });
  }
}
