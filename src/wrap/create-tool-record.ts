import type { Tool, ToolSet } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createComputedRecord } from '../util/create-computed-record.js';
import type { AppNames } from './create-app-names.js';
import { withReportedErrors } from './with-reported-errors.js';

export interface CreateToolRecordOptions {
  names: AppNames;
  /** The request's own tool for an entry. */
  toolOf: (entry: CatalogEntry) => Tool | undefined;
  /** The names `ai` lists, and so prepares a definition of, in every step; in this order. */
  listed: readonly string[];
  /** Tools the wrapper adds under their own names (the bridges, a provider's search tool). */
  added: Readonly<Record<string, Tool>>;
}

/**
 * The `tools` record `ai` is given above the caps: every authorized tool of
 * the request under the app's own name, read-only. `ai` finds a tool by an
 * own-property lookup, so it parses, approves and executes any of them, and
 * results, callbacks and streams carry the app's names; it prepares a model
 * definition for each tool it lists (`Object.entries`), so it lists only
 * `listed` and a step costs what the advertised surface costs, not what the
 * catalog does. A view, not a copy: built in constant time for any catalog.
 * An MCP tool is held so the model reads its `isError` results as failures
 * (`withReportedErrors`).
 *
 * @example
 * const record = createToolRecord({ names, toolOf, listed: ['tool_search'], added: bridges });
 * Object.keys(record); // ['tool_search']
 * Object.hasOwn(record, 'billing.refund_invoice'); // true: a deferred tool, found but not listed
 */
export function createToolRecord({
  names,
  toolOf,
  listed,
  added,
}: CreateToolRecordOptions): ToolSet {
  // One object per tool for the request, so every lookup of a name finds the same tool.
  const held = new Map<CatalogEntry, Tool | undefined>();
  return createComputedRecord<Tool>(listed, (name) => {
    if (Object.hasOwn(added, name)) return added[name];
    const entry = names.entryOf(name);
    if (entry === undefined) return undefined;
    if (!held.has(entry)) {
      const tool = toolOf(entry);
      held.set(entry, tool === undefined ? undefined : withReportedErrors(entry, tool));
    }
    return held.get(entry);
  }) as ToolSet;
}
