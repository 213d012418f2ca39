import { generateText as aiGenerateText, type OutputInterface, type ToolSet } from 'ai';
import { AsyncSchemaError } from '../error/async-schema-error.js';
import {
  type ToolDisclosureOptions,
  withToolDisclosure,
  withToolDisclosureSync,
} from './with-tool-disclosure.js';

/** `runtimeContext` values, as the AI SDK constrains them. */
type RuntimeContext = Record<string, unknown>;

/** The settings of `ai`'s `generateText`, plus `toolDisclosure`. */
export type GenerateTextWithDisclosureOptions<
  TOOLS extends ToolSet,
  RUNTIME_CONTEXT extends RuntimeContext = RuntimeContext,
  OUTPUT extends OutputInterface = OutputInterface<string, string>,
> = Parameters<typeof aiGenerateText<TOOLS, RUNTIME_CONTEXT, OUTPUT>>[0] & {
  /** Progressive disclosure settings. @default {} (defaults of every option) */
  toolDisclosure?: ToolDisclosureOptions;
};

/**
 * `generateText` from `ai` with progressive tool disclosure: the same settings
 * and result, plus an optional `toolDisclosure` field. Below the caps the model
 * request is exactly what `ai`'s `generateText` would send.
 *
 * @example
 * const { text } = await generateText({
 *   model, tools, prompt: 'Find the invoice email and book a call about it.',
 *   stopWhen: isStepCount(10),
 *   toolDisclosure: { core: ['memory.*'], policy: { deny: ['admin.*'] } },
 * });
 */
export async function generateText<
  TOOLS extends ToolSet,
  RUNTIME_CONTEXT extends RuntimeContext = RuntimeContext,
  OUTPUT extends OutputInterface = OutputInterface<string, string>,
>({
  toolDisclosure,
  ...params
}: GenerateTextWithDisclosureOptions<TOOLS, RUNTIME_CONTEXT, OUTPUT>): ReturnType<
  typeof aiGenerateText<TOOLS, RUNTIME_CONTEXT, OUTPUT>
> {
  type Params = Parameters<typeof withToolDisclosure>[0];
  let settings: Params;
  try {
    // Composed at once where it can be, so ai's generateText starts in the same tick as plain
    // ai's would: warnings it logs before the model answers come as early.
    settings = withToolDisclosureSync(params as Params, toolDisclosure);
  } catch (error) {
    if (!AsyncSchemaError.isInstance(error)) throw error;
    settings = await withToolDisclosure(params as Params, toolDisclosure);
  }
  return aiGenerateText(
    settings as Parameters<typeof aiGenerateText<TOOLS, RUNTIME_CONTEXT, OUTPUT>>[0],
  );
}
