import type { Tool } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { parseToolEffects } from '../catalog/parse-tool-effects.js';
import { type ToolEffect, toolEffectOf } from '../catalog/tool-annotations.js';

/**
 * The tool as the SDK should hold it when the options ask approval for some
 * effects (`requireApprovalFor`): a tool whose annotations say it has one of
 * them, and that sets no `needsApproval` of its own, gets `needsApproval:
 * true` (a copy; the app's tool is never changed). The app's own word wins: a
 * tool's `needsApproval`, and a `toolApproval` entry or function, which the
 * SDK applies before a tool's own rule.
 *
 * @throws InvalidOptionError for an effect that is not one of `TOOL_EFFECTS`.
 */
export function deriveApproval(
  requireApprovalFor: readonly ToolEffect[] | undefined,
): ((entry: CatalogEntry, tool: Tool) => Tool) | undefined {
  if (requireApprovalFor === undefined) return undefined;
  const effects = parseToolEffects('requireApprovalFor', requireApprovalFor);
  return (entry, tool) =>
    tool.needsApproval == null && effects.has(toolEffectOf(entry.annotations))
      ? ({ ...tool, needsApproval: true } as Tool)
      : tool;
}
