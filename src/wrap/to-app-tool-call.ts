import { argumentBoundsViolation } from '../bridge/argument-bounds.js';
import { argumentsOverBounds } from '../bridge/parse-tool-arguments.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { ToolBridgeError } from '../error/tool-bridge-error.js';
import type { ModelView } from './create-model-view.js';
import type { ModelToolCall } from './language-model-types.js';
import { nameFormOf } from './name-form-of.js';

/**
 * One tool call as the model wrote it, as `ai` should see it: a call of the
 * app's own tool, under the app's name, with the tool's own input as the model
 * wrote it, whichever way the model called it (through `tool_call`, or directly
 * by any spelling of its name). `ai` then parses, repairs, refines, approves
 * and executes it as it would without the wrapper.
 *
 * A call that names nothing the step can reach is left for `tool_call`, which
 * answers it with a typed error: a `tool_call` call as it is; a direct call of
 * a tool outside the step's reach, routed there (`ai` would run it otherwise);
 * a direct call of a name that means nothing, as it is (`ai` offers it to the
 * app's `repairToolCall`). Input over the argument bounds never reaches `ai`:
 * the call goes to a bridge with `{}` and the error it is answered with is
 * noted in `view.refused`. Provider-executed calls and bridge calls within
 * the bounds are unchanged.
 *
 * @example
 * toAppToolCall(
 *   { type: 'tool-call', toolCallId: 'c1', toolName: 'tool_call',
 *     input: '{"name":"billing__refund_invoice","arguments":"{\\"id\\":\\"INV-1\\"}"}' },
 *   view,
 * ); // { …, toolName: 'billing.refund_invoice', input: '{"id":"INV-1"}' }
 */
export function toAppToolCall(call: ModelToolCall, view: ModelView): ModelToolCall {
  if (call.providerExecuted === true) return call;
  const { toolName, input } = call;
  if (toolName === 'tool_search' || toolName === 'tool_describe') {
    const violation = argumentBoundsViolation(input);
    if (violation === undefined) return call;
    return refuse(call, toolName, view, bridgeInputOverBounds(toolName, violation.message));
  }
  if (toolName === 'tool_call') return fromToolCall(call, view);
  return fromDirectCall(call, view);
}

function fromToolCall(call: ModelToolCall, view: ModelView): ModelToolCall {
  const violation = argumentBoundsViolation(call.input);
  if (violation !== undefined) {
    return refuse(call, 'tool_call', view, bridgeInputOverBounds('tool_call', violation.message));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(call.input);
  } catch {
    // Not JSON: `ai` hands it to the repair, and tool_call says what it needs.
    return call;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return call;
  const { name, arguments: args } = parsed as { name?: unknown; arguments?: unknown };
  const entry = view.resolve(name);
  reportResolution(view, entry, name);
  if (entry === undefined) return call;
  const argsViolation = argumentBoundsViolation(args);
  if (argsViolation !== undefined) {
    return refuse(call, 'tool_call', view, argumentsOverBounds(entry, argsViolation));
  }
  const text = args === undefined ? '' : typeof args === 'string' ? args : JSON.stringify(args);
  return { ...call, toolName: view.names.nameOf(entry), input: text };
}

function fromDirectCall(call: ModelToolCall, view: ModelView): ModelToolCall {
  const entry = view.resolve(call.toolName);
  if (entry === undefined) {
    if (!view.outOfReach(call.toolName)) return call;
    // The app's record holds every tool: only tool_call answers a call outside the reach as unknown.
    const violation = argumentBoundsViolation(call.input);
    return violation === undefined
      ? {
          ...call,
          toolName: 'tool_call',
          input: JSON.stringify({ name: call.toolName, arguments: call.input }),
        }
      : refuse(call, 'tool_call', view, bridgeInputOverBounds('tool_call', violation.message));
  }
  reportResolution(view, entry, call.toolName);
  const violation = argumentBoundsViolation(call.input);
  if (violation !== undefined) {
    return refuse(call, 'tool_call', view, argumentsOverBounds(entry, violation));
  }
  return { ...call, toolName: view.names.nameOf(entry) };
}

function reportResolution(view: ModelView, entry: CatalogEntry | undefined, name: unknown): void {
  view.emit?.({
    type: 'resolve',
    tool: entry?.wireName,
    nameForm:
      entry === undefined || typeof name !== 'string' ? 'unresolved' : nameFormOf(entry, name),
  });
}

/** The call routed to `bridge` with `{}`, answered there with `error`. */
function refuse(
  call: ModelToolCall,
  bridge: 'tool_search' | 'tool_describe' | 'tool_call',
  view: ModelView,
  error: ToolBridgeError,
): ModelToolCall {
  view.refused.refuse(call.toolCallId, error);
  return { ...call, toolName: bridge, input: '{}' };
}

function bridgeInputOverBounds(bridge: string, message: string): ToolBridgeError {
  return new ToolBridgeError({
    kind: 'invalid_arguments',
    message: `The ${bridge} input was refused: ${message}`,
  });
}
