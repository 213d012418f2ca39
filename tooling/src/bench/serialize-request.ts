import type { MockLanguageModelV4 } from 'ai/test';

type CallOptions = Parameters<MockLanguageModelV4['doGenerate']>[0];

/** A request as a provider receives it: each tool definition, then each message, as JSON. */
export function serializeRequest(call: CallOptions): string[] {
  const tools = (call.tools ?? []).map((sent) =>
    sent.type === 'function'
      ? JSON.stringify({
          name: sent.name,
          description: sent.description ?? '',
          input_schema: sent.inputSchema,
        })
      : JSON.stringify(sent),
  );
  return [...tools, ...call.prompt.map((message) => JSON.stringify(message))];
}
