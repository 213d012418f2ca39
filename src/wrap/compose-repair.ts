import {
  InvalidToolInputError,
  NoSuchToolError,
  type ToolCallRepairFunction,
  type ToolSet,
} from 'ai';
import { argumentBoundsViolation } from '../bridge/argument-bounds.js';
import { BRIDGE_TOOL_NAMES } from '../catalog/create-catalog.js';
import type { CallResolver } from './create-call-resolver.js';
import type { UnparsedCalls } from './create-unparsed-calls.js';
import { tryResolveTool } from './try-resolve-tool.js';

type RepairedToolCall = NonNullable<Awaited<ReturnType<ToolCallRepairFunction<ToolSet>>>>;
type RepairOptions = { toolCall: RepairedToolCall; error: unknown };

const bridgeNames: readonly string[] = BRIDGE_TOOL_NAMES;

/**
 * Composes `repairToolCall`: a call of a name the SDK does not know is routed
 * through `tool_call`, first when the call's resolver knows the name within
 * the step's reach, else
 * after the user's own repair declined, so the model gets `tool_call`'s
 * `unknown_tool` answer (identical for denied and never-existing names). So is
 * a call whose input is over the argument bounds and that the tool's schema
 * refused. The arguments travel as the model's raw text, parsed later within
 * bounds. A bridge call whose input is not JSON is answered by the bridge
 * itself, with a typed error saying so (the call is noted in `unparsed`).
 */
export function composeRepair(
  resolver: CallResolver,
  userRepair: unknown,
  stepReach: () => readonly string[] | undefined,
  unparsed: UnparsedCalls,
) {
  return async (repairOptions: RepairOptions): Promise<RepairedToolCall | null> => {
    const { toolCall, error } = repairOptions;
    const isUnknownName =
      NoSuchToolError.isInstance(error) && !bridgeNames.includes(toolCall.toolName);
    const routed = (): RepairedToolCall => ({
      ...toolCall,
      toolName: 'tool_call',
      input: JSON.stringify({ name: toolCall.toolName, arguments: toolCall.input }),
    });
    if (isUnknownName && tryResolveTool(resolver.forStep(stepReach()), toolCall.toolName)) {
      return routed();
    }
    // Input over the bounds that a tool's schema refused would enter the history parsed, where
    // the SDK copies it recursively: through tool_call it stays text and is refused as such.
    if (
      InvalidToolInputError.isInstance(error) &&
      !bridgeNames.includes(toolCall.toolName) &&
      argumentBoundsViolation(toolCall.input) !== undefined
    ) {
      return routed();
    }
    const repaired =
      typeof userRepair === 'function'
        ? ((await (userRepair as (options: RepairOptions) => unknown)(
            repairOptions,
          )) as RepairedToolCall | null)
        : null;
    if (repaired != null) return repaired;
    if (isUnknownName) return routed();
    // A bridge's input that is not JSON: the bridge answers the call with a typed error that
    // says what it needs, where the SDK's parse error would reach the model untyped.
    if (InvalidToolInputError.isInstance(error) && bridgeNames.includes(toolCall.toolName)) {
      unparsed.add(toolCall.toolCallId);
      return { ...toolCall, input: '{}' };
    }
    return null;
  };
}
