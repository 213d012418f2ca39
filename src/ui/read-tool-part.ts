import type { DynamicToolUIPart, UIDataTypes, UIMessagePart, UITools } from 'ai';
import { prototypeKey } from '../bridge/prototype-key.js';
import { isRecord } from '../util/is-record.js';
import { ownValue } from '../util/own-value.js';

/** The bridge the model calls a tool through; its part reaches the app only for a call the wrapper refused. */
const CALL_BRIDGE = 'tool_call';

/** The bridges the model finds tools with: discovery, not use. */
const DISCOVERY_BRIDGES: ReadonlySet<string> = new Set(['tool_search', 'tool_describe']);

/** The lifecycle states of a tool part, as the AI SDK defines them. */
type ToolPartState = DynamicToolUIPart['state'];

/** What a tool part holds in one state: its approval, output and error text, typed as the SDK types them. */
type ToolPartStateFields = {
  [STATE in ToolPartState]: Pick<
    Extract<DynamicToolUIPart, { state: STATE }>,
    'state' | 'approval' | 'output' | 'errorText'
  >;
}[ToolPartState];

/**
 * A tool part of a `UIMessage` as an app renders it. Narrow on `state` to
 * reach `approval` (required from `approval-requested` on, and on
 * `output-denied`), `output` (on `output-available`) and `errorText` (on
 * `output-error`).
 */
export type ReadToolPartResult = {
  /** The call's id, as `addToolOutput` takes it. */
  toolCallId: string;
  /**
   * `true` for `tool_search` and `tool_describe`: the model looking for
   * tools rather than using one. A UI can show these as a quiet "searching".
   */
  discovery: boolean;
  /**
   * The tool the part is a call of. For the app's own tools, the name the
   * part carries, whichever way the model called the tool (directly, by any
   * spelling, or through `tool_call`): its key in the app's `tools` record
   * (`github.create_issue`), or its wire name for a tool grouped under the
   * `namespaces` option (`gmail__send_email`). `tool_search` and
   * `tool_describe` for discovery. For a `tool_call` part, the name its input
   * gives, as the model wrote it (see `readToolPart`); undefined, or a
   * prefix of the name, while that input is still streaming.
   */
  toolName: string | undefined;
  /**
   * The input the tool is called with: the part's input; for a `tool_call`
   * part, its input's `arguments` (a JSON string is parsed). Partial, or
   * undefined, while the input is still streaming.
   */
  arguments: unknown;
} & ToolPartStateFields;

/**
 * Reads a `UIMessage` part as a tool call: its tool, arguments, state,
 * approval, output and error, and whether it is discovery (`tool_search`,
 * `tool_describe`), which a UI may show quietly. Returns `undefined` for a
 * part that is not a tool call (text, reasoning, files, data, step starts).
 *
 * Through the wrapper, the app's own tools arrive as their own parts
 * (`tool-github.create_issue`), however the model called them, and are read
 * as they are. A `tool-tool_call` part is a call the wrapper refused (a name
 * that means no tool within reach, arguments over the bounds, input that is
 * not JSON): it ends in state `output-error`, its `errorText` the typed error
 * as `ai` writes a thrown one (`Error: {"error":{"kind":"unknown_tool",…}}`).
 * It is read as the tool its input names, as are the `tool-tool_call` parts
 * of bridged calls in messages stored by earlier versions of the wrapper.
 *
 * @example
 * {message.parts.map((part, index) => {
 *   const call = readToolPart(part);
 *   if (call === undefined) return part.type === 'text' ? <p key={index}>{part.text}</p> : null;
 *   if (call.discovery) return <small key={call.toolCallId}>Looking for tools…</small>;
 *   if (call.state === 'approval-requested') {
 *     return (
 *       <button key={call.toolCallId} onClick={() =>
 *         addToolApprovalResponse({ id: call.approval.id, approved: true })}>
 *         Run {call.toolName}?
 *       </button>
 *     );
 *   }
 *   return <pre key={call.toolCallId}>{call.toolName}: {call.state}</pre>;
 * })}
 */
export function readToolPart<DATA_TYPES extends UIDataTypes, TOOLS extends UITools>(
  part: UIMessagePart<DATA_TYPES, TOOLS>,
): ReadToolPartResult | undefined {
  const partName = toolNameOf(part);
  if (partName === undefined) return undefined;
  const tool = part as DynamicToolUIPart;
  const bridged = partName === CALL_BRIDGE;
  const input: unknown = tool.input;
  const bridgedInput = bridged && isRecord(input) ? input : undefined;
  const result: Record<string, unknown> = {
    toolCallId: tool.toolCallId,
    discovery: DISCOVERY_BRIDGES.has(partName),
    toolName: bridged ? stringOrUndefined(ownValue(bridgedInput, 'name')) : partName,
    arguments: bridged ? parseJsonText(ownValue(bridgedInput, 'arguments')) : input,
    state: tool.state,
  };
  // Only what the part holds, so a state's absent fields stay absent.
  if (tool.approval !== undefined) result.approval = tool.approval;
  if (tool.output !== undefined) result.output = tool.output;
  if (tool.errorText !== undefined) result.errorText = tool.errorText;
  return result as ReadToolPartResult;
}

/** The tool a part calls, for a static (`tool-NAME`) or dynamic tool part; undefined for any other part. */
function toolNameOf(part: { type: string; toolName?: unknown }): string | undefined {
  if (part.type === 'dynamic-tool') {
    return typeof part.toolName === 'string' ? part.toolName : undefined;
  }
  return part.type.startsWith('tool-') ? part.type.slice('tool-'.length) : undefined;
}

/** `record[key]` when it is the record's own property: input from a model never reaches a prototype. */

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * `value` parsed when it is JSON text, as the model may send `tool_call`
 * arguments; else as it is. Text holding a key `tool_call` refuses
 * (`prototypeKey`) stays text, so an app that merges what it shows gets no
 * `__proto__` of the model's.
 */
function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return prototypeKey(parsed) === undefined ? parsed : value;
  } catch {
    return value;
  }
}
