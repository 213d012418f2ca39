import type { Tool } from 'ai';
import { BRIDGE_TOOL_NAMES } from '../catalog/bridge-tool-names.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { parseToolEffects } from '../catalog/parse-tool-effects.js';
import { mayHaveEffect, type ToolEffect } from '../catalog/tool-annotations.js';
import { createComputedRecord } from '../util/create-computed-record.js';
import type { AppNames } from './create-app-names.js';
import { asRecord, keyedByNames } from './rekey-settings.js';

const bridgeNames: readonly string[] = BRIDGE_TOOL_NAMES;

export interface ComposeToolApprovalOptions {
  /** The app's `toolApproval`: a function, a record keyed by any spelling of a tool, or undefined. */
  userApproval: unknown;
  names: AppNames;
  /** The request's own tool for an entry. */
  toolOf: (entry: CatalogEntry) => Tool | undefined;
  /** Effects whose tools need approval unless the app says otherwise (`requireApprovalFor`). */
  requireApprovalFor: readonly ToolEffect[] | undefined;
  /**
   * Whether the bridges are in `ai`'s tools (above the caps): they are the
   * wrapper's own, read-only or refusing, and never put to the app's rules.
   * @default false
   */
  bridged?: boolean | undefined;
}

/**
 * The `toolApproval` setting `ai` is given, on both sides of the caps: `ai`
 * applies it to every call, under the app's names, so the tool that is
 * approved is the tool that runs.
 *
 * A function of the app's is its own (`ai` lets it decide every call),
 * except that above the caps it is not asked about the bridges: searching
 * and describing change nothing, and `tool_call` never runs a tool. A
 * record keyed by any spelling of a tool is keyed by the app's names. With
 * `requireApprovalFor`, a tool that may have one of those effects
 * (`mayHaveEffect`: only `readOnlyHint: true` is taken at its word; a tool
 * that states nothing, or that it does not destroy, may destroy), and that
 * neither the record nor its own `needsApproval` speaks for, needs
 * `'user-approval'`: the record answers for it, looked up as `ai`
 * looks it up, so the tools themselves are never copied or changed.
 *
 * @throws InvalidOptionError for an effect that is not one of `TOOL_EFFECTS`.
 */
export function composeToolApproval({
  userApproval,
  names,
  toolOf,
  requireApprovalFor,
  bridged = false,
}: ComposeToolApprovalOptions): unknown {
  const effects =
    requireApprovalFor === undefined
      ? undefined
      : parseToolEffects('requireApprovalFor', requireApprovalFor);
  if (typeof userApproval === 'function') {
    if (!bridged) return userApproval;
    const decide = userApproval as (options: { toolCall: { toolName: string } }) => unknown;
    return (options: { toolCall: { toolName: string } }) =>
      bridgeNames.includes(options.toolCall.toolName) ? 'not-applicable' : decide(options);
  }
  const record = asRecord(keyedByNames(userApproval, names.namesOf));
  if (effects === undefined || effects.size === 0) {
    return userApproval == null ? undefined : record;
  }
  return createComputedRecord<unknown>(Object.keys(record), (name) => {
    if (Object.hasOwn(record, name) && record[name] != null) return record[name];
    const entry = names.entryOf(name);
    const tool = entry === undefined ? undefined : toolOf(entry);
    if (entry === undefined || tool === undefined || tool.needsApproval != null) return undefined;
    return mayHaveEffect(entry.annotations, effects) ? 'user-approval' : undefined;
  });
}
