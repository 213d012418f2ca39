import type { JSONSchema7 } from 'ai';
import type { ToolAnnotations } from './tool-annotations.js';

/**
 * A tool described as JSON rather than as an AI SDK tool, for catalogs loaded
 * from files (IronClaw's `tools` format) and for evaluation.
 */
export interface ToolDefinition {
  /** The wire name, or any raw name from which a canonical id is derived. */
  name: string;
  /** The dotted canonical id, e.g. `google-calendar.create_event`. */
  capability_id?: string;
  /** A declared namespace; wins over the one derived from the name. */
  namespace?: string;
  description?: string;
  /** A JSON Schema of type object. @default an empty object schema */
  parameters?: JSONSchema7;
  /** A JSON Schema of what the tool returns (MCP's `outputSchema`); searched, never advertised. */
  output_schema?: JSONSchema7;
  /** A free label such as `mcp` or `builtin`. */
  kind?: string;
  /** Other names users and models know the tool by; searched, not resolved. */
  aliases?: string[];
  tags?: string[];
  /** What the tool states of its effects, as MCP's `ToolAnnotations` (hints). */
  annotations?: ToolAnnotations;
}
