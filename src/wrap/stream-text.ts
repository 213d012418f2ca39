import {
  streamText as aiStreamText,
  type OutputInterface,
  type StreamTextResult,
  type ToolSet,
} from 'ai';
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
 * instead), throw at the call.
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
  const settings = withToolDisclosureSync(
    params as Parameters<typeof withToolDisclosureSync>[0],
    toolDisclosure,
  );
  return aiStreamText(
    settings as Parameters<typeof aiStreamText<TOOLS, RUNTIME_CONTEXT, OUTPUT>>[0],
  );
}
