import type { Tool } from 'ai';
import type { RawTool } from './collect-raw-tools.js';

/** A tool's description, trimmed; a description that is a function is called with the tool's context. */
export function describeTool(
  raw: RawTool,
  toolsContext: Record<string, unknown>,
  names: readonly string[],
): string {
  if (raw.definition) return raw.definition.description?.trim() ?? '';
  const description = (raw.tool as Tool).description;
  if (typeof description === 'function') {
    return description({ context: toolContextOf(toolsContext, names) }).trim();
  }
  return typeof description === 'string' ? description.trim() : '';
}

/**
 * A tool's entry in `toolsContext`, under the first of its names that has
 * one: record key, wire name, canonical id, `__`-encoded id. So a context
 * keyed by any spelling reaches a description that is a function of it.
 */
export function toolContextOf(toolsContext: object, names: readonly string[]): unknown {
  for (const name of names) {
    if (Object.hasOwn(toolsContext, name)) return (toolsContext as Record<string, unknown>)[name];
  }
  return undefined;
}
