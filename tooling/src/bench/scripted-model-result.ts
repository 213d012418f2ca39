import type { MockLanguageModelV4 } from 'ai/test';

/** What a scripted mock model returns from one call. */
export type ScriptedModelResult = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>;

/** The usage a scripted call reports: none, since the bench counts tokens itself. */
export const SCRIPTED_USAGE: ScriptedModelResult['usage'] = {
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
};

/** A scripted call of one tool. */
export function scriptedToolCall(
  toolCallId: string,
  toolName: string,
  input: unknown,
): ScriptedModelResult {
  return {
    content: [{ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) }],
    finishReason: { unified: 'tool-calls', raw: undefined },
    usage: SCRIPTED_USAGE,
    warnings: [],
  };
}

/** A scripted final answer. */
export function scriptedAnswer(text: string): ScriptedModelResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: SCRIPTED_USAGE,
    warnings: [],
  };
}
