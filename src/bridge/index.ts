export {
  type RunToolSearchOptions,
  runToolSearch,
  searchableEntries,
  TOOL_SEARCH_DEFAULT_LIMIT,
  TOOL_SEARCH_MAX_LIMIT,
  TOOL_SEARCH_MAX_QUERY_BYTES,
  TOOL_SEARCH_MAX_RESPONSE_BYTES,
  TOOL_SEARCH_MAX_SCHEMA_BYTES,
  TOOL_SEARCH_NO_RESULTS_MESSAGE,
} from './run-tool-search.js';
export {
  TOOL_BRIDGE_ERROR_KINDS,
  ToolBridgeError,
  type ToolBridgeErrorJson,
  type ToolBridgeErrorKind,
} from './tool-bridge-error.js';
export type { ToolSearchResponse, ToolSearchResult } from './tool-search-response.js';
