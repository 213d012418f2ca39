import type { ToolWireDefinition } from './bridge-tool-definitions.js';

/**
 * The compact JSON of a tool definition, `{name, description, parameters}`,
 * as it is priced: the description is left out when empty, as the SDK does.
 */
export function definitionJson({ name, description, parameters }: ToolWireDefinition): string {
  return JSON.stringify(description ? { name, description, parameters } : { name, parameters });
}
