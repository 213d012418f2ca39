import type { LanguageModelMiddleware } from 'ai';
import type { ModelView } from './create-model-view.js';
import { toAppStream } from './to-app-stream.js';
import { toAppToolCall } from './to-app-tool-call.js';
import { toModelPrompt } from './to-model-prompt.js';
import { toModelTools } from './to-model-tools.js';

/**
 * The one place the two views meet. `ai` runs the app's tools under the
 * app's names; the model sees the disclosure's surface. On the way to the
 * model, this middleware writes the step's prompt, tools and tool choice as
 * the model knows them (`toModelPrompt`, `toModelTools`); on the way back, it
 * writes each tool call, whole or streamed, as a call of the app's tool
 * (`toAppToolCall`, `toAppStream`), before `ai` parses it. So everything the
 * app reads (results, steps, callbacks, streams, UI messages, the messages it
 * stores) is in its own terms, and everything the model reads is in the
 * model's.
 *
 * @example
 * const model = wrapLanguageModel({ model: openai('gpt-5'), middleware: createDisclosureMiddleware(view) });
 */
export function createDisclosureMiddleware(view: ModelView): LanguageModelMiddleware {
  return {
    specificationVersion: 'v4',
    transformParams: async ({ params }) => ({
      ...params,
      ...toModelTools(params, view),
      prompt: toModelPrompt(params.prompt, view),
    }),
    wrapGenerate: async ({ doGenerate }) => {
      const result = await doGenerate();
      return {
        ...result,
        content: result.content.map((part) =>
          part.type === 'tool-call' ? toAppToolCall(part, view) : part,
        ),
      };
    },
    wrapStream: async ({ doStream }) => {
      const result = await doStream();
      return { ...result, stream: toAppStream(result.stream, view) };
    },
  };
}
