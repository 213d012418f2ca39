import { asSchema, type JSONSchema7, jsonSchema, type Tool } from 'ai';
import { argumentBoundsViolation } from '../bridge/argument-bounds.js';

const boundedTools = new WeakMap<Tool, Tool>();

/**
 * The tool as the SDK should hold it above the caps: the same definition
 * (`parameters` is exactly what the SDK sends for it), whose input is refused
 * when it is over the argument bounds before the tool's own validation runs.
 * A refused call reaches `repairToolCall`, which routes it through `tool_call`
 * as text, so an input nested thousands of levels deep never enters the
 * message history, where the SDK copies it recursively. Provider-defined
 * tools run at the provider and are returned as they are.
 */
export function boundToolInput(tool: Tool, parameters: JSONSchema7): Tool {
  if (tool.type === 'provider') return tool;
  let bounded = boundedTools.get(tool);
  if (bounded === undefined) {
    const own = asSchema(tool.inputSchema);
    const inputSchema = jsonSchema(parameters, {
      validate: async (value) => {
        const violation = argumentBoundsViolation(value);
        if (violation !== undefined) return { success: false, error: new Error(violation.message) };
        return own.validate === undefined ? { success: true, value } : own.validate(value);
      },
    });
    bounded = { ...tool, inputSchema } as Tool;
    boundedTools.set(tool, bounded);
  }
  return bounded;
}
