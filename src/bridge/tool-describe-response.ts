import type { JSONSchema7 } from 'ai';

/** The result of one `tool_describe` call; its compact JSON is what the model receives. */
export interface ToolDescribeResponse {
  /** The wire name: call the tool by this name. */
  name: string;
  /** The canonical dotted id, `namespace.local_name`. */
  capability_id: string;
  description: string;
  /** Top-level required parameter names, sorted in byte order. */
  required: string[];
  /** The complete, untruncated input schema, exactly as the tool declares it. */
  parameters: JSONSchema7;
}
