import type { AppNames } from './create-app-names.js';

/**
 * The wire names of the app's tools called in earlier steps, in the order of
 * first use, read from the steps as the app sees them. Calls of names that
 * mean no authorized tool (bridges, made-up names) are left out.
 */
export function usedToolNames(steps: unknown, names: AppNames): string[] {
  const used: string[] = [];
  if (!Array.isArray(steps)) return used;
  for (const step of steps) {
    const calls: unknown = (step as { toolCalls?: unknown } | null)?.toolCalls;
    if (!Array.isArray(calls)) continue;
    for (const call of calls) {
      const entry = names.entryOf((call as { toolName?: unknown } | null)?.toolName);
      if (entry !== undefined && !used.includes(entry.wireName)) used.push(entry.wireName);
    }
  }
  return used;
}
