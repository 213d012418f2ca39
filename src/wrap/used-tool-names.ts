import type { ToolResolver } from '../bridge/resolve-tool-name.js';

/**
 * The wire names of the real tools the model called in earlier steps, in the
 * order of first use: bridged calls by the name in their input, direct calls by
 * their own name. Names that resolve to no authorized tool are left out.
 */
export function usedToolNames(steps: unknown, resolver: ToolResolver): string[] {
  const used: string[] = [];
  if (!Array.isArray(steps)) return used;
  for (const step of steps) {
    const calls: unknown = (step as { toolCalls?: unknown })?.toolCalls;
    if (!Array.isArray(calls)) continue;
    for (const call of calls) {
      const { toolName, input } = (call ?? {}) as { toolName?: unknown; input?: unknown };
      const name =
        toolName === 'tool_call' ? (input as { name?: unknown } | undefined)?.name : toolName;
      try {
        const wireName = resolver.resolve(name).wireName;
        if (!used.includes(wireName)) used.push(wireName);
      } catch {
        // A bridge tool, or a name the model got wrong: nothing to promote.
      }
    }
  }
  return used;
}
