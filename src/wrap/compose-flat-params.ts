import type { Tool, ToolSet } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import { createNameMapper } from './create-name-mapper.js';
import { rekeySettings, renameList, renameToolChoice, setOwn } from './rekey-settings.js';
import type { ToolDisclosureParams } from './tool-disclosure-options.js';

/** Settings keyed by tool names, which below the caps are renamed to the names the SDK knows. */
const keyedSettings = ['toolsContext', 'toolApproval', 'experimental_refineToolInput'] as const;
const listedSettings = ['activeTools', 'toolOrder'] as const;

/**
 * Below the caps: the user's settings as they are, except that denied tools
 * are removed, tools grouped under `namespaces` are added (by wire name), and
 * settings keyed or listed by another spelling of a tool (canonical id, wire
 * name, record key), and a `toolChoice` naming one, are renamed to the name the tool has in `tools`, so an
 * approval or a context keyed by canonical id applies below the caps as it
 * does above them. Returns `params` itself when nothing needs to change.
 */
export function composeFlatParams<PARAMS extends ToolDisclosureParams>(
  params: PARAMS,
  disclosure: Disclosure,
  catalogSize: number,
  toolOf: (entry: CatalogEntry) => Tool | undefined,
  /** The tool as the SDK should hold it (an approval the options derive added); as it is by default. */
  held: (entry: CatalogEntry, tool: Tool) => Tool = (_entry, tool) => tool,
): PARAMS {
  const userTools: ToolSet = params.tools ?? {};
  const entries = disclosure.authorized.entries;
  const isUserTool = (entry: CatalogEntry) =>
    Object.hasOwn(userTools, entry.key) && userTools[entry.key] === toolOf(entry);
  const byPosition = [...entries].sort((left, right) => left.position - right.position);
  const grouped = byPosition.filter((entry) => !isUserTool(entry));
  const nameOf = (entry: CatalogEntry) => (isUserTool(entry) ? entry.key : entry.wireName);
  const namesOf = createNameMapper(entries, nameOf);
  const unchanged = (name: unknown) => {
    const names = namesOf(String(name));
    return names.length === 1 && names[0] === name;
  };

  const renamed: Record<string, unknown> = {};
  for (const setting of keyedSettings) {
    const value = params[setting];
    if (value == null || typeof value !== 'object' || typeof value === 'function') continue;
    if (Object.keys(value).every(unchanged)) continue;
    renamed[setting] = rekeySettings(value, namesOf);
  }
  for (const setting of listedSettings) {
    const value = params[setting];
    if (!Array.isArray(value) || value.every(unchanged)) continue;
    renamed[setting] = renameList(value, namesOf);
  }

  const toolChoice = renameToolChoice(params.toolChoice, namesOf);
  if (toolChoice !== params.toolChoice) renamed.toolChoice = toolChoice;

  const changed = entries.some((entry) => {
    const tool = toolOf(entry);
    return tool !== undefined && held(entry, tool) !== tool;
  });
  if (entries.length === catalogSize && grouped.length === 0 && !changed) {
    return Object.keys(renamed).length === 0 ? params : { ...params, ...renamed };
  }
  // The user's tools in the user's order, then the grouped ones.
  const tools: Record<string, Tool> = {};
  for (const entry of [...byPosition.filter(isUserTool), ...grouped]) {
    const tool = toolOf(entry);
    if (tool !== undefined) setOwn(tools, nameOf(entry), held(entry, tool));
  }
  return { ...params, ...renamed, tools };
}
