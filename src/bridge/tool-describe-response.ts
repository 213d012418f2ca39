import type { JSONSchema7 } from 'ai';
import type { ToolEffect } from '../catalog/tool-annotations.js';

/** The result of one `tool_describe` call; its compact JSON is what the model receives. */
export interface ToolDescribeResponse {
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
  /** Top-level required parameter names, sorted in byte order. */
  required: string[];
  /** The complete, untruncated input schema, exactly as the tool declares it. */
  parameters: JSONSchema7;
}
