import type { JSONValue } from 'ai';
import { parametersDetail } from '../bridge/parse-tool-arguments.js';
import { BRIDGE_TOOL_NAMES } from '../catalog/bridge-tool-names.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { TOOL_BRIDGE_ERROR_KINDS, ToolBridgeError } from '../error/tool-bridge-error.js';
import type { ModelView } from './create-model-view.js';
import type { ModelMessagePart, ModelPrompt } from './language-model-types.js';

type AssistantPart = Extract<ModelMessagePart, { role: 'assistant' }>['content'][number];
type ToolPart = Extract<ModelMessagePart, { role: 'tool' }>['content'][number];
type ToolResultPart = Extract<ToolPart, { type: 'tool-result' }>;
type ToolOutput = ToolResultPart['output'];

const bridgeNames: readonly string[] = BRIDGE_TOOL_NAMES;
/** How `ai` writes a thrown `Error` whose message is a bridge error's JSON. */
const BRIDGE_ERROR_PREFIX = 'Error: {';
/** How `ai` writes the input it refused (parsing, its schema, or our check of a JSON Schema). */
const INVALID_INPUT_PREFIX = 'AI_InvalidToolInputError: ';

/**
 * The conversation as the model reads it: every call of the app's tools (and
 * its result) that `ai` keeps under the app's names is written under the
 * tool's wire name, as a direct call, however the model made it (directly,
 * or through `tool_call`). That is the form `ai` itself would send, one the
 * model can call again, and the shortest (no arguments encoded twice). A
 * call of a tool the model is not shown whose arguments were refused reads
 * as the typed error `invalid_arguments`, with the issues and the tool's
 * parameter schema, which the model has not seen; the failure of a bridge
 * reads as the typed error it is (JSON, not text); every other result is as
 * `ai` made it. Parts that name no tool of the app's are unchanged, and a
 * prompt that names none is returned as it is.
 *
 * A function of the prompt, the disclosure and the tools alone: the same
 * history is always written in the same bytes, so each request extends the
 * one before it and provider prompt caches keep hitting.
 *
 * @example
 * toModelPrompt(
 *   [{ role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1',
 *     toolName: 'billing.refund_invoice', input: { id: 'INV-1' } }] }],
 *   view,
 * ); // [{ role: 'assistant', content: [{ …, toolName: 'billing__refund_invoice', input: { id: 'INV-1' } }] }]
 */
export function toModelPrompt(prompt: ModelPrompt, view: ModelView): ModelPrompt {
  let changed = false;
  const translated = prompt.map((message) => {
    if (message.role !== 'assistant' && message.role !== 'tool') return message;
    const parts = message.content as (AssistantPart | ToolPart)[];
    const content = parts.map((part) => modelPartOf(part, view));
    if (content.every((part, index) => part === parts[index])) return message;
    changed = true;
    return { ...message, content } as ModelMessagePart;
  });
  return changed ? translated : prompt;
}

function modelPartOf<PART extends AssistantPart | ToolPart>(part: PART, view: ModelView): PART {
  if (part.type !== 'tool-call' && part.type !== 'tool-result') return part;
  if (part.type === 'tool-call' && part.providerExecuted === true) return part;
  if (part.type === 'tool-result' && bridgeNames.includes(part.toolName)) {
    const typed = typedBridgeError(part.output);
    return typed === undefined ? part : ({ ...part, output: typed } as PART);
  }
  const entry = view.names.entryOf(part.toolName);
  if (entry === undefined) return part;
  if (part.type === 'tool-call' || view.advertised(entry)) {
    return part.toolName === entry.wireName ? part : { ...part, toolName: entry.wireName };
  }
  const result = part as ToolResultPart;
  return { ...result, toolName: entry.wireName, output: refusedOutput(result, entry) } as PART;
}

/**
 * A bridge's failure as the typed error it is. A bridge throws an `Error`
 * whose message is the error's JSON, which `ai` writes as text after
 * `Error: `; the model reads the JSON itself.
 */
function typedBridgeError(output: ToolOutput): ToolOutput | undefined {
  if (output.type !== 'error-text' || !output.value.startsWith(BRIDGE_ERROR_PREFIX))
    return undefined;
  try {
    const value = JSON.parse(output.value.slice(BRIDGE_ERROR_PREFIX.length - 1)) as JSONValue;
    const kind = (value as { error?: { kind?: unknown } } | null)?.error?.kind;
    return typeof kind === 'string' && (TOOL_BRIDGE_ERROR_KINDS as readonly string[]).includes(kind)
      ? { type: 'error-json', value }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The result of a call of a tool the model is not shown, as the model should
 * read it: input `ai` refused (its `InvalidToolInputError`, whose text it
 * keeps in the history) is the typed error `invalid_arguments`, naming the
 * tool by its wire name and carrying its parameter schema, which the model
 * has not seen. Read from the stored text alone, so the same history always
 * reads the same, and no schema of the app's runs again.
 */
function refusedOutput(part: ToolResultPart, entry: CatalogEntry): ToolOutput {
  const { output } = part;
  if (output.type !== 'error-text' || !output.value.startsWith(INVALID_INPUT_PREFIX)) return output;
  const text = output.value.slice(INVALID_INPUT_PREFIX.length);
  const named = `Invalid input for tool ${part.toolName}:`;
  const error = new ToolBridgeError({
    kind: 'invalid_arguments',
    message: `${text.startsWith(named) ? `Invalid input for tool ${entry.wireName}:${text.slice(named.length)}` : text} Fix the arguments to match the parameter schema (attached) and call ${entry.wireName} again.`,
    details: parametersDetail(entry),
  });
  return { type: 'error-json', value: error.toJSON() as unknown as JSONValue };
}
