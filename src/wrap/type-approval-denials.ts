import type { JSONValue, ModelMessage } from 'ai';
import { ToolBridgeError } from '../bridge/tool-bridge-error.js';

/**
 * Rewrites each `execution-denied` result of a `tool_call` call in `messages`
 * into the typed bridge error `approval_denied` naming the real tool, so the
 * model reads `{ error: { kind: 'approval_denied', … } }`. Returns
 * undefined when there is nothing to rewrite, so unchanged steps stay unchanged.
 *
 * @example
 * prepareStep: ({ messages }) => ({ messages: typeApprovalDenials(messages) ?? messages })
 */
export function typeApprovalDenials(messages: readonly ModelMessage[]): ModelMessage[] | undefined {
  const toolNames = new Map<string, string>();
  for (const message of messages) {
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-call' || part.toolName !== 'tool_call') continue;
      const name = (part.input as { name?: unknown } | null)?.name;
      if (typeof name === 'string') toolNames.set(part.toolCallId, name);
    }
  }
  let changed = false;
  const typed = messages.map((message): ModelMessage => {
    if (message.role !== 'tool') return message;
    return {
      ...message,
      content: message.content.map((part) => {
        if (
          part.type !== 'tool-result' ||
          part.toolName !== 'tool_call' ||
          part.output.type !== 'execution-denied'
        ) {
          return part;
        }
        changed = true;
        const tool = toolNames.get(part.toolCallId) ?? 'the tool';
        const reason = part.output.reason;
        const details: Record<string, JSONValue> = { tool };
        if (reason !== undefined) details.reason = reason;
        const error = new ToolBridgeError({
          kind: 'approval_denied',
          message: `The user did not approve the call of ${tool}${reason ? `: ${withoutFinalDots(reason.trim())}` : ''}. Do not retry it unless the user asks.`,
          details,
        });
        return {
          ...part,
          output: { type: 'error-json', value: error.toJSON() as unknown as JSONValue },
        };
      }),
    };
  });
  return changed ? typed : undefined;
}

/**
 * `text` without the dots it ends with. A loop, not `/\.+$/`: the reason comes
 * from the client's messages, and that pattern backtracks quadratically on a
 * long run of dots that does not end the text (80,000 took 3 s).
 */
function withoutFinalDots(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2e) end--;
  return text.slice(0, end);
}
