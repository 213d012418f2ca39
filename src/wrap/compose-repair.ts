import {
  InvalidToolInputError,
  NoSuchToolError,
  type ToolCallRepairFunction,
  type ToolSet,
} from 'ai';
import { bridgeInputNotJson } from '../bridge/bridge-input-not-json.js';
import { BRIDGE_TOOL_NAMES } from '../catalog/bridge-tool-names.js';
import type { ModelView } from './create-model-view.js';

type RepairedToolCall = NonNullable<Awaited<ReturnType<ToolCallRepairFunction<ToolSet>>>>;
type RepairOptions = { toolCall: RepairedToolCall; error: unknown };
type BridgeName = (typeof BRIDGE_TOOL_NAMES)[number];

/**
 * Composes `repairToolCall` above the caps. `ai` asks it about calls it
 * could not parse, under the app's names (the middleware has translated
 * every call it could): the app's own repair sees them first, as with plain
 * `ai`. A call the app leaves unrepaired whose name means nothing is routed
 * to `tool_call`, which answers `unknown_tool` (the same for denied and
 * never-existing names, with the next step to take). A bridge's input that is
 * not JSON is answered by that bridge with a typed error saying what it
 * needs. A repaired call of a tool outside the step's reach is routed to
 * `tool_call` too: the app's record holds every tool, so nothing else keeps
 * it from running.
 */
export function composeRepair(view: ModelView, userRepair: unknown) {
  const bridges: readonly string[] = BRIDGE_TOOL_NAMES;
  return async (repairOptions: RepairOptions): Promise<RepairedToolCall | null> => {
    const { toolCall, error } = repairOptions;
    const isBridge = bridges.includes(toolCall.toolName);
    if (isBridge && InvalidToolInputError.isInstance(error)) {
      view.refused.refuse(toolCall.toolCallId, bridgeInputNotJson(toolCall.toolName as BridgeName));
      return { ...toolCall, input: '{}' };
    }
    const repaired =
      typeof userRepair === 'function'
        ? ((await (userRepair as (options: RepairOptions) => unknown)(
            repairOptions,
          )) as RepairedToolCall | null)
        : null;
    if (repaired != null) return view.outOfReach(repaired.toolName) ? routed(repaired) : repaired;
    if (NoSuchToolError.isInstance(error) && !isBridge) return routed(toolCall);
    return null;
  };
}

/** The call as a `tool_call` call, its input kept as text for tool_call to bound and parse. */
function routed(toolCall: RepairedToolCall): RepairedToolCall {
  return {
    ...toolCall,
    toolName: 'tool_call',
    input: JSON.stringify({ name: toolCall.toolName, arguments: toolCall.input }),
  };
}
