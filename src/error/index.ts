// Every error the library throws, one class per file; each has a name, a marker symbol and a
// static isInstance, so identity survives two installed copies. The tooling's errors (CLI,
// evaluation, report) live with the tooling.
export { AsyncSchemaError } from './async-schema-error.js';
export { InvalidGlobError } from './invalid-glob-error.js';
export { InvalidOptionError } from './invalid-option-error.js';
export { InvalidProfilePinsError } from './invalid-profile-pins-error.js';
export { InvalidToolDefinitionError } from './invalid-tool-definition-error.js';
export { InvalidToolSnapshotError } from './invalid-tool-snapshot-error.js';
export { InvalidWordVectorsError, type WordVectorsProblem } from './invalid-word-vectors-error.js';
export { McpConnectionError } from './mcp-connection-error.js';
export { type McpListingLimit, McpListingLimitError } from './mcp-listing-limit-error.js';
export {
  SettingsAlreadyWrappedError,
  type WrappedSettingsSign,
} from './settings-already-wrapped-error.js';
export { StaleSnapshotError, type StaleSnapshotReason } from './stale-snapshot-error.js';
export {
  TOOL_BRIDGE_ERROR_KINDS,
  ToolBridgeError,
  type ToolBridgeErrorJson,
  type ToolBridgeErrorKind,
} from './tool-bridge-error.js';
export { hasMarker, ToolDisclosureError } from './tool-disclosure-error.js';
export { WireNameCollisionError } from './wire-name-collision-error.js';
