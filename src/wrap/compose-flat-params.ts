import type { Tool } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import type { AppNames } from './create-app-names.js';
import { keyedByNames, renameList, renameToolChoice, setOwn } from './rekey-settings.js';
import type { ToolDisclosureParams } from './tool-disclosure-options.js';

/** Settings keyed by tool names, which below the caps are renamed to the names the SDK knows. */
const keyedSettings = ['toolsContext', 'experimental_refineToolInput'] as const;
const listedSettings = ['activeTools', 'toolOrder'] as const;

export interface ComposeFlatParamsOptions {
  /** A disclosure below the caps: every authorized tool is advertised as it is. */
  disclosure: Disclosure;
  /** How many tools the catalog holds, denied ones included. */
  catalogSize: number;
  /** The request's own tool for an entry. */
  toolOf: (entry: CatalogEntry) => Tool | undefined;
  names: AppNames;
  /** The composed `toolApproval` (`composeToolApproval`). */
  toolApproval: unknown;
}

/**
 * Below the caps: the app's settings as they are, except that denied tools
 * are removed, tools grouped under `namespaces` are added (by wire name), the
 * composed `toolApproval` is used, and settings keyed or listed by another
 * spelling of a tool (canonical id, wire name, record key), and a
 * `toolChoice` naming one, are renamed to the name the tool has in `tools`,
 * so an approval or a context keyed by canonical id applies below the caps as
 * it does above them. Returns `params` itself when nothing needs to change.
 */
export function composeFlatParams<PARAMS extends ToolDisclosureParams>(
  params: PARAMS,
  { disclosure, catalogSize, toolOf, names, toolApproval }: ComposeFlatParamsOptions,
): PARAMS {
  const entries = disclosure.authorized.entries;
  const byPosition = [...entries].sort((left, right) => left.position - right.position);
  const grouped = byPosition.filter((entry) => !names.inRecord(entry));
  const { namesOf } = names;
  const unchanged = (name: unknown) => {
    const meant = namesOf(String(name));
    return meant.length === 1 && meant[0] === name;
  };

  const renamed: Record<string, unknown> = {};
  for (const setting of keyedSettings) {
    const value = params[setting];
    if (value == null || typeof value !== 'object') continue;
    const keyed = keyedByNames(value, namesOf);
    if (keyed !== value) renamed[setting] = keyed;
  }
  for (const setting of listedSettings) {
    const value = params[setting];
    if (!Array.isArray(value) || value.every(unchanged)) continue;
    renamed[setting] = renameList(value, namesOf);
  }
  const toolChoice = renameToolChoice(params.toolChoice, namesOf);
  if (toolChoice !== params.toolChoice) renamed.toolChoice = toolChoice;
  if (toolApproval !== params.toolApproval) renamed.toolApproval = toolApproval;

  if (entries.length === catalogSize && grouped.length === 0) {
    return Object.keys(renamed).length === 0 ? params : { ...params, ...renamed };
  }
  // The app's tools in the app's order, then the grouped ones.
  const tools: Record<string, Tool> = {};
  for (const entry of [...byPosition.filter(names.inRecord), ...grouped]) {
    const tool = toolOf(entry);
    if (tool !== undefined) setOwn(tools, names.nameOf(entry), tool);
  }
  return { ...params, ...renamed, tools };
}
