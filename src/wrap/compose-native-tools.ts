import type { Tool } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import { boundToolInput } from './bound-tool-input.js';
import type { ToolsComposition } from './compose-tools.js';
import type { BridgeTools } from './create-bridge-tools.js';
import type { NamesOf } from './create-name-mapper.js';
import type { NativeSearch } from './native-search.js';
import { renameList, setOwn } from './rekey-settings.js';

/** Here the provider searches, so `tool_call` cannot point the model at our `tool_search`. */
const NATIVE_TOOL_CALL_DESCRIPTION =
  'Call a tool by name with its arguments, for a tool the tool search found under a name you cannot call directly (a dotted name such as mail.send, or a name without its namespace).';

/**
 * Composes the tool list of `native` mode: core tools and pins loaded, every
 * other authorized tool marked for the provider's deferred loading, the
 * provider's search tool, and `tool_call`, deferred too, through which a call
 * of another spelling of a name (or of a name that does not exist) is routed.
 * Denied tools are never in it. Byte-identical on every step while the reach
 * stays the same.
 */
export function composeNativeTools({
  disclosure,
  bridges,
  toolOf,
  namesOf,
  native,
}: {
  disclosure: Disclosure;
  bridges: BridgeTools;
  toolOf: (entry: CatalogEntry) => Tool | undefined;
  namesOf: NamesOf;
  native: NativeSearch;
}): ToolsComposition {
  const deferred = (tool: Tool): Tool => ({
    ...tool,
    providerOptions: {
      ...tool.providerOptions,
      [native.provider]: { ...tool.providerOptions?.[native.provider], deferLoading: true },
    },
  });
  const tools: Record<string, Tool> = {};
  const loaded: string[] = [];
  for (const advertised of disclosure.advertised) {
    const tool = advertised.entry === undefined ? undefined : toolOf(advertised.entry);
    if (advertised.entry === undefined || tool === undefined) continue;
    setOwn(tools, advertised.name, boundToolInput(tool, advertised.entry.parameters));
    loaded.push(advertised.name);
  }
  const discoverable = [...disclosure.discoverable].sort(
    (left, right) => left.position - right.position,
  );
  const deferredNames: string[] = [];
  for (const entry of discoverable) {
    const tool = toolOf(entry);
    if (tool === undefined) continue;
    setOwn(tools, entry.wireName, deferred(boundToolInput(tool, entry.parameters)));
    deferredNames.push(entry.wireName);
  }
  setOwn(tools, native.searchToolName, native.searchTool);
  for (const [name, bridge] of Object.entries(bridges)) {
    setOwn(
      tools,
      name,
      name === 'tool_call'
        ? { ...deferred(bridge), description: NATIVE_TOOL_CALL_DESCRIPTION }
        : bridge,
    );
  }
  const always = [native.searchToolName, 'tool_call'];
  const ordered = [...loaded, native.searchToolName, ...deferredNames, 'tool_call'];
  const sent = new Set(ordered);

  return {
    tools: Object.freeze(tools),
    activeTools: (stepReach) => {
      if (stepReach === undefined) return ordered;
      const reach = new Set(stepReach);
      return ordered.filter((name) => always.includes(name) || reach.has(name));
    },
    toolOrder: (userOrder) => {
      const first = Array.isArray(userOrder)
        ? renameList(userOrder, namesOf).filter((name) => sent.has(name))
        : [];
      return [...new Set([...first, ...ordered])];
    },
  };
}
