export { type McpListingLimit, McpListingLimitError } from '../error/mcp-listing-limit-error.js';
export {
  type CreateMcpToolsFromSnapshotOptions,
  createMcpToolsFromSnapshot,
  type McpSnapshotTools,
} from './create-mcp-tools-from-snapshot.js';
export { createToolSnapshot, type SnapshotSource } from './create-tool-snapshot.js';
export { fingerprintMcpTool } from './fingerprint-mcp-tool.js';
export { InvalidToolSnapshotError } from './invalid-tool-snapshot-error.js';
export type { McpCloseFailure, McpCloseReport } from './mcp-close-report.js';
export { McpConnectionError } from './mcp-connection-error.js';
export type { McpToolClient, McpToolDefinition } from './mcp-tool-client.js';
export { parseToolSnapshot } from './parse-tool-snapshot.js';
export { StaleSnapshotError, type StaleSnapshotReason } from './stale-snapshot-error.js';
export {
  type SnapshotServer,
  type SnapshotTool,
  TOOL_SNAPSHOT_SCHEMA_VERSION,
  type ToolSnapshot,
} from './tool-snapshot.js';
