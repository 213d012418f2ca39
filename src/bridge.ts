// The `tool-disclosure/bridge` entry: the bridges as functions, and the building blocks around
// them that apps call directly (the default ranker, the frozen tools record, the error for settings wrapped twice).
// It sits above the folders it gathers, as the root entry does, so no folder imports up.

export {
  type ArgumentBoundsViolation,
  argumentBoundsViolation,
  TOOL_ARGUMENTS_MAX_BYTES,
  TOOL_ARGUMENTS_MAX_DEPTH,
  TOOL_ARGUMENTS_MAX_VALUES,
} from './bridge/argument-bounds.js';
export {
  createToolResolver,
  TOOL_NAME_MAX_LENGTH,
  type ToolResolver,
} from './bridge/resolve-tool-name.js';
export {
  type RunToolCallOptions,
  runToolCall,
  type ToolCallOutput,
} from './bridge/run-tool-call.js';
export { type RunToolDescribeOptions, runToolDescribe } from './bridge/run-tool-describe.js';
export {
  type RunToolSearchOptions,
  runToolSearch,
  searchableEntries,
  TOOL_SEARCH_DEFAULT_LIMIT,
  TOOL_SEARCH_MAX_DESCRIPTION_BYTES,
  TOOL_SEARCH_MAX_LIMIT,
  TOOL_SEARCH_MAX_QUERY_BYTES,
  TOOL_SEARCH_MAX_RESPONSE_BYTES,
  TOOL_SEARCH_MAX_SCHEMA_BYTES,
  TOOL_SEARCH_NO_RESULTS_MESSAGE,
  TOOL_SEARCH_WEAK_RESULTS_MESSAGE,
} from './bridge/run-tool-search.js';
export type { ToolCallInput } from './bridge/tool-call-input.js';
export type { ToolDescribeResponse } from './bridge/tool-describe-response.js';
export type { ToolSearchResponse, ToolSearchResult } from './bridge/tool-search-response.js';
export {
  type ToolInputIssue,
  type ToolInputValidation,
  type ValidateToolInputOptions,
  validateToolInput,
} from './bridge/validate-tool-input.js';
export {
  SettingsAlreadyWrappedError,
  type WrappedSettingsSign,
} from './error/settings-already-wrapped-error.js';
export {
  TOOL_BRIDGE_ERROR_KINDS,
  ToolBridgeError,
  type ToolBridgeErrorJson,
  type ToolBridgeErrorKind,
} from './error/tool-bridge-error.js';
export { createOramaRanker, type OramaRankerOptions } from './search/create-orama-ranker.js';
export { freezeTools } from './wrap/freeze-tools.js';
