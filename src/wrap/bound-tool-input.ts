import { asSchema, type JSONSchema7, jsonSchema, type Schema, type Tool } from 'ai';
import { argumentBoundsViolation } from '../bridge/argument-bounds.js';

/** Bounded schemas per tool schema object and the parameters the SDK sends for it. */
const boundedSchemas = new WeakMap<object, { parameters: JSONSchema7; schema: Schema }>();

/**
 * The tool as the SDK should hold it above the caps: the same tool, fields as
 * they are now, whose input schema (exactly `parameters`, what the SDK sends
 * for it) refuses input over the argument bounds before the tool's own
 * validation runs. A refused call reaches `repairToolCall`, which routes it
 * through `tool_call` as text, so an input nested thousands of levels deep
 * never enters the message history, where the SDK copies it recursively.
 * Provider-defined tools run at the provider and are returned as they are.
 */
export function boundToolInput(tool: Tool, parameters: JSONSchema7): Tool {
  if (tool.type === 'provider') return tool;
  const source = tool.inputSchema as unknown;
  const key = source != null && typeof source === 'object' ? source : undefined;
  let bounded = key === undefined ? undefined : boundedSchemas.get(key);
  if (bounded === undefined || bounded.parameters !== parameters) {
    const own = asSchema(tool.inputSchema);
    const schema = jsonSchema(parameters, {
      validate: async (value) => {
        const violation = argumentBoundsViolation(value);
        if (violation !== undefined) return { success: false, error: new Error(violation.message) };
        return own.validate === undefined ? { success: true, value } : own.validate(value);
      },
    });
    bounded = { parameters, schema };
    if (key !== undefined) boundedSchemas.set(key, bounded);
  }
  // A fresh object per request: a tool whose fields change (approval, execute) is seen as it is now.
  return { ...tool, inputSchema: bounded.schema } as Tool;
}
