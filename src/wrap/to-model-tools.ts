import { BRIDGE_TOOL_NAMES } from '../catalog/bridge-tool-names.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { ModelView } from './create-model-view.js';
import type { ModelCallOptions, ModelTool, ModelToolChoice } from './language-model-types.js';

type FunctionTool = Extract<ModelTool, { type: 'function' }>;

const bridgeNames: readonly string[] = BRIDGE_TOOL_NAMES;

/**
 * The tools and tool choice the model is sent for a step, from what `ai`
 * prepared under the app's names: the advertised tools within the step's
 * reach, renamed to their wire names, the bridges and provider tools as they
 * are, then the tools the step promotes. Byte-identical on every step while
 * the reach stays the same, since `ai` prepares the same definitions in the
 * same order (`toolOrder`). A tool choice naming an app tool names its wire
 * name; one naming a tool the model is not shown adds that tool's definition
 * to this step, so the model can be made to call it. In native mode the tools
 * the disclosure does not advertise are marked for the provider's deferred
 * loading.
 *
 * @example
 * toModelTools(params, view); // { tools: [...core by wire name, tool_search, tool_describe, tool_call], toolChoice }
 */
export function toModelTools(
  params: Pick<ModelCallOptions, 'tools' | 'toolChoice'>,
  view: ModelView,
): Pick<ModelCallOptions, 'tools' | 'toolChoice'> {
  const { names } = view;
  const tools: ModelTool[] = [];
  const sent = new Set<string>();
  for (const tool of params.tools ?? []) {
    if (tool.type !== 'function' || bridgeNames.includes(tool.name)) {
      tools.push(tool);
      continue;
    }
    const entry = names.entryOf(tool.name);
    if (entry === undefined || !view.sent(entry)) continue;
    sent.add(entry.wireName);
    tools.push(renamed(tool, entry, view));
  }
  for (const entry of view.promoted) {
    if (sent.has(entry.wireName)) continue;
    sent.add(entry.wireName);
    tools.push(definitionOf(entry));
  }
  const toolChoice = choiceFor(params.toolChoice, view, (entry) => {
    if (sent.has(entry.wireName)) return;
    sent.add(entry.wireName);
    tools.push(definitionOf(entry));
  });
  return {
    ...(params.tools === undefined ? {} : { tools }),
    ...(toolChoice === undefined ? {} : { toolChoice }),
  };
}

function renamed(tool: FunctionTool, entry: CatalogEntry, view: ModelView): FunctionTool {
  const deferLoading = view.deferLoadingOf(entry);
  if (deferLoading === undefined) return { ...tool, name: entry.wireName };
  return {
    ...tool,
    name: entry.wireName,
    providerOptions: {
      ...tool.providerOptions,
      [deferLoading]: { ...tool.providerOptions?.[deferLoading], deferLoading: true },
    },
  };
}

/** A definition from the catalog, for a tool `ai` did not prepare in this step. */
function definitionOf(entry: CatalogEntry): FunctionTool {
  return {
    type: 'function',
    name: entry.wireName,
    description: entry.description,
    inputSchema: entry.parameters,
  };
}

function choiceFor(
  toolChoice: ModelToolChoice | undefined,
  view: ModelView,
  include: (entry: CatalogEntry) => void,
): ModelToolChoice | undefined {
  if (toolChoice?.type !== 'tool') return toolChoice;
  const entry = view.names.entryOf(toolChoice.toolName);
  if (entry === undefined) return toolChoice;
  include(entry);
  return { type: 'tool', toolName: entry.wireName };
}
