import {
  streamText as aiStreamText,
  type OutputInterface,
  type StreamTextResult,
  type ToolSet,
} from 'ai';
import { ToolDisclosureError } from '../error/tool-disclosure-error.js';
import { failingModel } from './failing-model.js';
import { type ToolDisclosureOptions, withToolDisclosureSync } from './with-tool-disclosure.js';

/** `runtimeContext` values, as the AI SDK constrains them. */
type RuntimeContext = Record<string, unknown>;

/** The settings of `ai`'s `streamText`, plus `toolDisclosure`. */
export type StreamTextWithDisclosureOptions<
  TOOLS extends ToolSet,
  RUNTIME_CONTEXT extends RuntimeContext = RuntimeContext,
  OUTPUT extends OutputInterface = OutputInterface<string, string, never>,
> = Parameters<typeof aiStreamText<TOOLS, RUNTIME_CONTEXT, OUTPUT>>[0] & {
  /** Progressive disclosure settings. @default {} (defaults of every option) */
  toolDisclosure?: ToolDisclosureOptions;
};

/**
 * `streamText` from `ai` with progressive tool disclosure: the same settings
 * plus an optional `toolDisclosure` field, and the same result, returned at
 * once. Invalid disclosure options, and tools whose schema is a promise
 * (`AsyncSchemaError`: pass `ai`'s `streamText` `await withToolDisclosure(...)`
 * instead), throw at the call. An error a tool's own code throws while the
 * tools are read (a description function) is reported in the stream, as
 * plain `ai` reports it: an error part, `onError`, rejected results; no step
 * runs.
 *
 * @example
 * export async function POST(request: Request) {
 *   const { messages } = await request.json();
 *   const result = streamText({
 *     model, tools, messages: await convertToModelMessages(messages),
 *     toolDisclosure: { core: ['memory.*'] },
 *   });
 *   return result.toUIMessageStreamResponse();
 * }
 */
export function streamText<
  TOOLS extends ToolSet,
  RUNTIME_CONTEXT extends RuntimeContext = RuntimeContext,
  OUTPUT extends OutputInterface = OutputInterface<string, string, never>,
>({
  toolDisclosure,
  ...params
}: StreamTextWithDisclosureOptions<TOOLS, RUNTIME_CONTEXT, OUTPUT>): StreamTextResult<
  TOOLS,
  RUNTIME_CONTEXT,
  OUTPUT
> {
  type Settings = Parameters<typeof aiStreamText<TOOLS, RUNTIME_CONTEXT, OUTPUT>>[0];
  let settings: Settings;
  try {
    settings = withToolDisclosureSync(
      params as Parameters<typeof withToolDisclosureSync>[0],
      toolDisclosure,
    ) as Settings;
  } catch (error) {
    if (ToolDisclosureError.isInstance(error)) throw error;
    // No tool is sent: the step fails before any could be offered or run.
    return aiStreamText({
      ...params,
      model: failingModel(error, params.model),
      tools: undefined,
      activeTools: undefined,
      toolChoice: undefined,
      prepareStep: undefined,
    } as Settings);
  }
  return aiStreamText(settings);
}
