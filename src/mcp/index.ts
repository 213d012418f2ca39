export { InvalidToolSnapshotError } from '../error/invalid-tool-snapshot-error.js';
export { McpConnectionError } from '../error/mcp-connection-error.js';
export { type McpListingLimit, McpListingLimitError } from '../error/mcp-listing-limit-error.js';
export { StaleSnapshotError, type StaleSnapshotReason } from '../error/stale-snapshot-error.js';
export {
  type CreateMcpToolsFromSnapshotOptions,
  createMcpToolsFromSnapshot,
  type McpSnapshotTools,
} from './create-mcp-tools-from-snapshot.js';
export { createToolSnapshot, type SnapshotSource } from './create-tool-snapshot.js';
export { fingerprintMcpTool } from './fingerprint-mcp-tool.js';
export type { McpCloseFailure, McpCloseReport } from './mcp-close-report.js';
export type { McpToolClient, McpToolDefinition } from './mcp-tool-client.js';
export { parseToolSnapshot } from './parse-tool-snapshot.js';
export {
  type SnapshotServer,
  type SnapshotTool,
  TOOL_SNAPSHOT_SCHEMA_VERSION,
  type ToolSnapshot,
} from './tool-snapshot.js';
