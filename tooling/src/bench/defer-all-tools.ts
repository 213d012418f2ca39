import { type Tool, type ToolSet, toolSearch } from 'ai';

/**
 * The catalog as an application hands it to `ai`'s own tool search:
 * `deferLoading` on every tool, plus `ai`'s `toolSearch()` as `tool_search`.
 */
export function deferAllTools(tools: ToolSet): ToolSet {
  const deferred: Record<string, Tool> = { tool_search: toolSearch() };
  for (const [name, tool] of Object.entries(tools)) {
    Object.defineProperty(deferred, name, {
      value: { ...tool, deferLoading: true },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return deferred;
}
