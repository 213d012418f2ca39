import type { DynamicToolUIPart, UIDataTypes, UIMessagePart, UITools } from 'ai';
import { prototypeKey } from '../bridge/prototype-key.js';

/** The bridge the model calls another tool through. */
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
 * A tool part of a `UIMessage` as an app renders it, for bridged and direct
 * calls alike. Narrow on `state` to reach `approval` (required from
 * `approval-requested` on, and on `output-denied`), `output` (on
 * `output-available`) and `errorText` (on `output-error`).
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
   * The tool the model is using, by its wire name (dots as `__`, e.g.
   * `github__create_issue`): for a `tool_call`, the tool its input names; for
   * any other call, the part's own tool (`tool_search` and `tool_describe`
   * included). Undefined, or a prefix of the name, while a `tool_call`'s
   * input is still streaming.
   */
  toolName: string | undefined;
  /**
   * The arguments the tool is called with: for a `tool_call`, its input's
   * `arguments` (a JSON string is parsed); for any other call, its input.
   * Partial, or undefined, while the input is still streaming.
   */
  arguments: unknown;
} & ToolPartStateFields;

/**
 * Reads a `UIMessage` part as a tool call: the real tool's name and arguments
 * whether the model called it directly or through `tool_call`, whether it is
 * discovery (`tool_search`, `tool_describe`), and its state, approval, output
 * and error. Returns `undefined` for a part that is not a tool call (text,
 * reasoning, files, data, step starts).
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
  const bridgedInput = bridged && isObject(input) ? input : undefined;
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

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `record[key]` when it is the record's own property: input from a model never reaches a prototype. */
function ownValue(record: Record<string, unknown> | undefined, key: string): unknown {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

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
