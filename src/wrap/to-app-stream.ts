import { TOOL_ARGUMENTS_MAX_BYTES } from '../bridge/argument-bounds.js';
import type { ModelView } from './create-model-view.js';
import type { ModelStreamPart, ModelToolCall } from './language-model-types.js';
import { toAppToolCall } from './to-app-tool-call.js';

type InputStart = Extract<ModelStreamPart, { type: 'tool-input-start' }>;
type InputDelta = Extract<ModelStreamPart, { type: 'tool-input-delta' }>;
type InputEnd = Extract<ModelStreamPart, { type: 'tool-input-end' }>;

/** A call whose name is known only once its input is complete: held until its `tool-call` part. */
interface HeldCall {
  readonly start: InputStart;
  /** The input streamed so far, kept only up to the argument bound (a model's stream is untrusted). */
  readonly deltas: InputDelta[];
  length: number;
  end: InputEnd | undefined;
}

/**
 * A model's stream as `ai` should read it: every tool call as `toAppToolCall`
 * sees it, and the streamed input of that call under the same name. A direct
 * call of a tool the step reaches is renamed as its input starts, and its
 * input streams as it comes. A call whose tool is known only from its input
 * (`tool_call`), or that may be routed to `tool_call`, is held until its
 * `tool-call` part; then its start, its input (the real tool's input, in one
 * piece) and its end are sent under the name it resolved to, or under the
 * name it came with when it resolved to nothing. A call cut off before its
 * `tool-call` part is sent as it came, its input up to the argument bound.
 * Every other part passes unchanged, in order.
 */
export function toAppStream(
  stream: ReadableStream<ModelStreamPart>,
  view: ModelView,
): ReadableStream<ModelStreamPart> {
  const held = new Map<string, HeldCall>();
  return stream.pipeThrough(
    new TransformStream<ModelStreamPart, ModelStreamPart>({
      transform(part, controller) {
        switch (part.type) {
          case 'tool-input-start': {
            if (part.providerExecuted === true || isDiscovery(part.toolName)) break;
            const entry = part.toolName === 'tool_call' ? undefined : view.resolve(part.toolName);
            if (entry === undefined) {
              held.set(part.id, { start: part, deltas: [], length: 0, end: undefined });
              return;
            }
            controller.enqueue({ ...part, toolName: view.names.nameOf(entry) });
            return;
          }
          case 'tool-input-delta': {
            const call = held.get(part.id);
            if (call === undefined) break;
            call.length += part.delta.length;
            if (call.length <= TOOL_ARGUMENTS_MAX_BYTES) call.deltas.push(part);
            return;
          }
          case 'tool-input-end': {
            const call = held.get(part.id);
            if (call === undefined) break;
            call.end = part;
            return;
          }
          case 'tool-call': {
            const translated = toAppToolCall(part, view);
            const call = held.get(part.toolCallId);
            held.delete(part.toolCallId);
            if (call !== undefined) sendHeld(controller, call, translated);
            controller.enqueue(translated);
            return;
          }
        }
        controller.enqueue(part);
      },
      flush(controller) {
        for (const call of held.values()) sendAsCame(controller, call);
        held.clear();
      },
    }),
  );
}

function isDiscovery(toolName: string): boolean {
  return toolName === 'tool_search' || toolName === 'tool_describe';
}

/** The held call's start, input and end, as the call was translated. */
function sendHeld(
  controller: TransformStreamDefaultController<ModelStreamPart>,
  call: HeldCall,
  translated: ModelToolCall,
): void {
  const { id } = call.start;
  controller.enqueue({ ...call.start, toolName: translated.toolName });
  if (translated.input !== '')
    controller.enqueue({ type: 'tool-input-delta', id, delta: translated.input });
  controller.enqueue(call.end ?? { type: 'tool-input-end', id });
}

function sendAsCame(
  controller: TransformStreamDefaultController<ModelStreamPart>,
  call: HeldCall,
): void {
  controller.enqueue(call.start);
  for (const delta of call.deltas) controller.enqueue(delta);
  if (call.end !== undefined) controller.enqueue(call.end);
}
