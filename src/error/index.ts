export { AsyncSchemaError } from './async-schema-error.js';
export { InvalidGlobError } from './invalid-glob-error.js';
export { InvalidOptionError } from './invalid-option-error.js';
export { InvalidProfilePinsError } from './invalid-profile-pins-error.js';
export { InvalidToolDefinitionError } from './invalid-tool-definition-error.js';
export { type McpListingLimit, McpListingLimitError } from './mcp-listing-limit-error.js';
export { McpServerError, type McpServerProblem } from './mcp-server-error.js';
export {
  SettingsAlreadyWrappedError,
  type WrappedSettingsSign,
} from './settings-already-wrapped-error.js';
export { ToolDisclosureError } from './tool-disclosure-error.js';
export { WireNameCollisionError } from './wire-name-collision-error.js';
