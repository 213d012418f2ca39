export {
  SettingsAlreadyWrappedError,
  type WrappedSettingsSign,
} from '../error/settings-already-wrapped-error.js';
export { createOramaRanker, type OramaRankerOptions } from '../search/create-orama-ranker.js';
export { freezeTools } from '../wrap/freeze-tools.js';
export {
  type ArgumentBoundsViolation,
  argumentBoundsViolation,
  TOOL_ARGUMENTS_MAX_BYTES,
  TOOL_ARGUMENTS_MAX_DEPTH,
  TOOL_ARGUMENTS_MAX_VALUES,
} from './argument-bounds.js';
export {
  createToolResolver,
  TOOL_NAME_MAX_LENGTH,
  type ToolResolver,
} from './resolve-tool-name.js';
export { type RunToolCallOptions, runToolCall, type ToolCallOutput } from './run-tool-call.js';
export { type RunToolDescribeOptions, runToolDescribe } from './run-tool-describe.js';
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
} from './run-tool-search.js';
export {
  TOOL_BRIDGE_ERROR_KINDS,
  ToolBridgeError,
  type ToolBridgeErrorJson,
  type ToolBridgeErrorKind,
} from './tool-bridge-error.js';
export type { ToolCallInput } from './tool-call-input.js';
export type { ToolDescribeResponse } from './tool-describe-response.js';
export type { ToolSearchResponse, ToolSearchResult } from './tool-search-response.js';
export {
  type ToolInputIssue,
  type ToolInputValidation,
  type ValidateToolInputOptions,
  validateToolInput,
} from './validate-tool-input.js';
