import type { JSONSchema7 } from 'ai';
import type { ToolEffect } from '../catalog/tool-annotations.js';

/** One tool found by `tool_search`, as the model receives it. */
export interface ToolSearchResult {
  /** The wire name: call the tool by this name. */
  name: string;
  /** The canonical dotted id, `namespace.local_name`. */
  capability_id: string;
  description: string;
  /**
   * What the tool says of its effects (its MCP annotations): `read-only`,
   * `additive` or `destructive`; absent when the tool says nothing.
   */
  effect?: Exclude<ToolEffect, 'unknown'>;
  /**
   * `weak` when the tool shares only some of the query's words and no tool
   * matched enough of them: use it only if its description fits the request.
   */
  match?: 'weak';
  /** Top-level required parameter names, sorted in byte order. */
  required: string[];
  /** True when `parameters` holds the complete schema; otherwise call `tool_describe` first. */
  schema_complete: boolean;
  /** The complete, untruncated input schema; present exactly when `schema_complete` is true. */
  parameters?: JSONSchema7;
}

/** The result of one `tool_search` call; its compact JSON is what the model receives. */
export interface ToolSearchResponse {
  /** The query as searched: whitespace-trimmed. */
  query: string;
  /** Best first; only authorized, discoverable tools. */
  results: ToolSearchResult[];
  /** Present only when there are no results, or only weak ones: what the model should do. */
  message?: string;
}
