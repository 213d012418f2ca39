import type { ToolAnnotations } from '../catalog/tool-annotations.js';

/** The snapshot format this library writes and reads. */
export const TOOL_SNAPSHOT_SCHEMA_VERSION = 1;

/**
 * What serving a catalog of MCP tools needs without listing them: each
 * server's name and instructions, and each tool as its server listed it, with
 * a fingerprint of that content. Plain JSON, so it can be written to a file at
 * build time and read at a cold start.
 */
export interface ToolSnapshot {
  readonly schema_version: typeof TOOL_SNAPSHOT_SCHEMA_VERSION;
  /** In byte order of their names. */
  readonly servers: readonly SnapshotServer[];
  /** In byte order of server, then tool name. */
  readonly tools: readonly SnapshotTool[];
}

/** One MCP server of a snapshot; its name becomes the namespace of its tools. */
export interface SnapshotServer {
  /** Letters, digits, `_` or `-` (1 to 64 characters), as namespaces are. */
  readonly name: string;
  /** The instructions the server sent when it was initialized, if any. */
  readonly instructions?: string;
}

/** One tool of a snapshot, as its server listed it. */
export interface SnapshotTool {
  /** The name of the server that lists it. */
  readonly server: string;
  /** Its MCP name on that server. */
  readonly name: string;
  readonly description?: string;
  /** Its input JSON Schema, as listed. */
  readonly inputSchema: { readonly [key: string]: unknown };
  /** Its MCP annotations, as listed. */
  readonly annotations?: ToolAnnotations & { readonly [key: string]: unknown };
  /** SHA-256 (hex) of its name, description, input schema and annotations (`fingerprintMcpTool`). */
  readonly fingerprint: string;
}
