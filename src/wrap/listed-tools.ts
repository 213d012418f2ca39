import type { Tool } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import type { AppNames } from './create-app-names.js';
import type { BridgeTools } from './create-bridge-tools.js';
import type { NativeSearch } from './native-search.js';
import { asRecord } from './rekey-settings.js';

/**
 * The tools `ai` lists in every step, by the app's names and in the order the
 * model is shown them, and the tools the wrapper adds: the advertised tools
 * and the three bridges; in native mode every authorized tool (the provider
 * loads the undisclosed ones on demand), the provider's search tool and
 * `tool_call` (marked for deferred loading, for names the model spells its own way).
 */
export function listedTools(
  disclosure: Disclosure,
  names: AppNames,
  bridges: BridgeTools,
  native: NativeSearch | undefined,
  everyTool: boolean,
): { listed: string[]; added: Record<string, Tool> } {
  const undisclosed = () =>
    [...disclosure.discoverable]
      .sort((left, right) => left.position - right.position)
      .map((entry) => names.nameOf(entry));
  if (native === undefined) {
    const advertised = disclosure.advertised.map((tool) =>
      tool.entry === undefined ? tool.name : names.nameOf(tool.entry),
    );
    // ai copies the listed tools when tool callers are set, and runs only what it copied.
    return {
      listed: everyTool ? [...advertised, ...undisclosed()] : advertised,
      added: { ...bridges },
    };
  }
  const loaded = disclosure.advertised.flatMap((advertised) =>
    advertised.entry === undefined ? [] : [names.nameOf(advertised.entry)],
  );
  const deferred = undisclosed();
  return {
    listed: [...loaded, native.searchToolName, ...deferred, 'tool_call'],
    added: {
      [native.searchToolName]: native.searchTool,
      tool_call: {
        ...bridges.tool_call,
        description: NATIVE_TOOL_CALL_DESCRIPTION,
        providerOptions: { [native.provider]: { deferLoading: true } },
      } as Tool,
    },
  };
}

/**
 * The entries `experimental_toolCallers` names, as tools or as their callers:
 * sent in every step, since a caller calls them where the model cannot ask
 * for them (a provider's code execution).
 */
export function toolCallerEntries(toolCallers: unknown, names: AppNames): CatalogEntry[] {
  const found: CatalogEntry[] = [];
  for (const [name, callers] of Object.entries(asRecord(toolCallers))) {
    for (const named of [name, ...(Array.isArray(callers) ? callers : [])]) {
      const entry = names.entryOf(named);
      if (entry !== undefined && !found.includes(entry)) found.push(entry);
    }
  }
  return found;
}

/** Here the provider searches, so `tool_call` cannot point the model at our `tool_search`. */
const NATIVE_TOOL_CALL_DESCRIPTION =
  'Call a tool by name with its arguments, for a tool the tool search found under a name you cannot call directly (a dotted name such as mail.send, or a name without its namespace).';
