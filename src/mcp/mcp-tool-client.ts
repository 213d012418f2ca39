/** One tool as an MCP server lists it (`tools/list`): the fields a snapshot keeps. */
export interface McpToolDefinition {
  readonly name: string;
  readonly description?: string;
  /** The tool's input JSON Schema, an object schema. */
  readonly inputSchema: { readonly [key: string]: unknown };
  /** What the server says of the tool's effects (`readOnlyHint` and the other MCP hints). */
  readonly annotations?: { readonly [key: string]: unknown };
}

/**
 * The part of an MCP client that snapshots use: the client `createMCPClient`
 * from `@ai-sdk/mcp` returns fits it. Declared here, not imported, so this
 * library has no runtime dependency on `@ai-sdk/mcp`.
 */
export interface McpToolClient {
  /** The instructions the server sent when it was initialized, if any. */
  readonly instructions?: string;
  /** One page of the server's tools (`tools/list`); `signal` aborts the request. */
  listTools(options?: {
    params?: { cursor?: string };
    options?: { signal?: AbortSignal };
  }): Promise<{ tools: readonly McpToolDefinition[]; nextCursor?: string }>;
  /** Runs a tool on the server (`tools/call`); `signal` aborts the request. */
  callTool(args: {
    name: string;
    arguments?: Record<string, unknown>;
    options?: { signal?: AbortSignal };
  }): Promise<unknown>;
  close(): Promise<void>;
}
