import { type LanguageModel, wrapLanguageModel } from 'ai';
import { stableHash } from 'tool-disclosure/util';

type BaseModel = Parameters<typeof wrapLanguageModel>[0]['model'];

/** One tool call as the model wrote it: its name for the tool, its input as JSON text. */
export interface WrittenToolCall {
  toolCallId: string;
  toolName: string;
  input: string;
}

/** What one model call was sent and answered, as the model saw it. */
export interface RecordedModelCall {
  /** The names of the tools the model was sent, in order. */
  names: string[];
  /** A hash of the exact tool definitions the model was sent. */
  hash: string;
  /** The tool calls the model answered with. */
  toolCalls: WrittenToolCall[];
}

/**
 * `model`, recording each `doGenerate` call: the tools it was sent and the tool
 * calls it answered with, as the model wrote them. Wrapped inside the
 * disclosure middleware, it sees the model's view: the bridges and the names
 * the model used, which the app never sees for a call the wrapper resolved.
 * A call is recorded once it answers, so a retried call is recorded once.
 *
 * @example
 * const { model, calls } = recordModelCalls(openai('gpt-5-mini'));
 * await generateText({ model, tools, prompt, toolDisclosure: {} });
 * calls[0]?.toolCalls; // [{ toolCallId: 'call_1', toolName: 'tool_search', input: '{"query":"mail"}' }]
 */
export function recordModelCalls(model: BaseModel): {
  model: LanguageModel;
  calls: RecordedModelCall[];
} {
  const calls: RecordedModelCall[] = [];
  const recorded = wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: 'v4',
      wrapGenerate: async ({ doGenerate, params }) => {
        const tools = (params.tools ?? []) as { name: string }[];
        const result = await doGenerate();
        calls.push({
          names: tools.map((tool) => tool.name),
          hash: stableHash(JSON.stringify(tools)),
          toolCalls: result.content.flatMap((part) =>
            part.type === 'tool-call'
              ? [{ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input }]
              : [],
          ),
        });
        return result;
      },
    },
  });
  return { model: recorded, calls };
}
