import { streamText as aiStreamText, type OutputInterface, type ToolSet } from 'ai';
import { type ToolDisclosureOptions, withToolDisclosure } from './with-tool-disclosure.js';

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
 * plus an optional `toolDisclosure` field. Unlike `ai`'s, it returns a promise
 * of the result (building the catalog is asynchronous), so `await` it.
 *
 * @example
 * export async function POST(request: Request) {
 *   const { messages } = await request.json();
 *   const result = await streamText({
 *     model, tools, messages: await convertToModelMessages(messages),
 *     toolDisclosure: { core: ['memory.*'] },
 *   });
 *   return result.toUIMessageStreamResponse();
 * }
 */
export async function streamText<
  TOOLS extends ToolSet,
  RUNTIME_CONTEXT extends RuntimeContext = RuntimeContext,
  OUTPUT extends OutputInterface = OutputInterface<string, string, never>,
>({
  toolDisclosure,
  ...params
}: StreamTextWithDisclosureOptions<TOOLS, RUNTIME_CONTEXT, OUTPUT>): Promise<
  ReturnType<typeof aiStreamText<TOOLS, RUNTIME_CONTEXT, OUTPUT>>
> {
  const settings = await withToolDisclosure(
    params as Parameters<typeof withToolDisclosure>[0],
    toolDisclosure,
  );
  return aiStreamText(
    settings as Parameters<typeof aiStreamText<TOOLS, RUNTIME_CONTEXT, OUTPUT>>[0],
  );
}
