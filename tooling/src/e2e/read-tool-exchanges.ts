import type { MockLanguageModelV4 } from 'ai/test';
import { asObject } from 'tool-disclosure/util';

type Prompt = Parameters<MockLanguageModelV4['doGenerate']>[0]['prompt'];

/** One tool call a scripted agent made earlier in the conversation, with what came back. */
export interface ToolExchange {
  toolName: string;
  input: Record<string, unknown>;
  /** The JSON the tool returned, or undefined when it failed. */
  value: unknown;
  /** The failure the model was shown, or undefined when the call succeeded. */
  error: string | undefined;
}

/** The tool calls in a prompt, in order, each with its result: what a scripted agent reads. */
export function readToolExchanges(prompt: Prompt): ToolExchange[] {
  const inputs = new Map<string, Record<string, unknown>>();
  const exchanges: ToolExchange[] = [];
  for (const message of prompt) {
    if (message.role === 'assistant') {
      for (const part of message.content) {
        if (part.type === 'tool-call') inputs.set(part.toolCallId, asObject(part.input));
      }
    }
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      const { output } = part;
      const failed = output.type === 'error-text' || output.type === 'error-json';
      exchanges.push({
        toolName: part.toolName,
        input: inputs.get(part.toolCallId) ?? {},
        value: output.type === 'json' ? output.value : undefined,
        error: failed ? JSON.stringify(output.value) : undefined,
      });
    }
  }
  return exchanges;
}
