import { isStepCount, type ModelMessage } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { generateText, streamText } from './index.js';

/** Which entry point a run goes through. */
export type Kind = 'generateText' | 'streamText';

/** One tool call the scripted model makes; an input that is not a string is sent as its JSON. */
export type Call = [id: string, name: string, input: unknown];

/** A content part of a step, as the tests read it. */
export type Part = Record<string, unknown>;

/** A model step spelled out: its text answer, if any, then its tool calls. */
export interface Step {
  readonly calls?: readonly Call[];
  readonly text?: string;
}

/** A model step: its tool calls (with the text 'done' when there are none), or a `Step`. */
export type ScriptStep = readonly Call[] | Step;

export interface ScriptOptions {
  /** With doStream, send each call's input as tool-input-start, -delta and -end parts before the call. */
  readonly inputDeltas?: boolean;
}

/** The token usage every scripted step reports. */
export const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

const json = (input: unknown) => (typeof input === 'string' ? input : JSON.stringify(input));

const isCalls = (step: ScriptStep): step is readonly Call[] => Array.isArray(step);

const spelledOut = (step: ScriptStep): Step =>
  isCalls(step) ? { calls: step, text: step.length === 0 ? 'done' : undefined } : step;

const finishReason = ({ calls }: Step) => ({
  unified: calls?.length ? ('tool-calls' as const) : ('stop' as const),
  raw: undefined,
});

/**
 * A mock model that answers model call i with `steps[i]`, through doGenerate
 * for generateText and doStream for streamText.
 *
 * @example
 * const model = scriptedModel('streamText', [[['c1', 'tool_search', { query: 'mail' }]], []]);
 */
export function scriptedModel(
  kind: Kind,
  steps: readonly ScriptStep[],
  { inputDeltas = false }: ScriptOptions = {},
): MockLanguageModelV4 {
  const script = steps.map(spelledOut);
  if (kind === 'generateText') {
    return new MockLanguageModelV4({
      doGenerate: script.map((step) => ({
        content: [
          ...(step.text ? [{ type: 'text' as const, text: step.text }] : []),
          ...(step.calls ?? []).map(([toolCallId, toolName, input]) => ({
            type: 'tool-call' as const,
            toolCallId,
            toolName,
            input: json(input),
          })),
        ],
        finishReason: finishReason(step),
        usage,
        warnings: [],
      })),
    });
  }
  return new MockLanguageModelV4({
    doStream: script.map((step) => ({
      stream: convertArrayToReadableStream([
        { type: 'stream-start' as const, warnings: [] },
        ...(step.text
          ? [
              { type: 'text-start' as const, id: 't' },
              { type: 'text-delta' as const, id: 't', delta: step.text },
              { type: 'text-end' as const, id: 't' },
            ]
          : []),
        ...(step.calls ?? []).flatMap(([id, toolName, input]) => [
          ...(inputDeltas
            ? [
                { type: 'tool-input-start' as const, id, toolName },
                { type: 'tool-input-delta' as const, id, delta: json(input) },
                { type: 'tool-input-end' as const, id },
              ]
            : []),
          { type: 'tool-call' as const, toolCallId: id, toolName, input: json(input) },
        ]),
        { type: 'finish' as const, finishReason: finishReason(step), usage },
      ]),
    })),
  });
}

/** What a tool call came back with: its result, or its error (parsed when it is JSON text). */
export interface Outcome {
  ok: boolean;
  toolName: unknown;
  value: unknown;
}

/** What one scripted run sent and produced. */
export interface ScriptedRun {
  model: MockLanguageModelV4;
  /** What each model call was sent. */
  sent: MockLanguageModelV4['doGenerateCalls'];
  steps: { content: Part[] }[];
  /** Every step's content, in order. */
  content: Part[];
  /** The last step's content (the SDK's `content`). */
  finalContent: Part[];
  responseMessages: ModelMessage[];
  /** Every tool call's outcome as the app sees it (the steps' content), by call id. */
  outcomes: Record<string, Outcome>;
  /** Every tool call's outcome as the model read it (the last model call's prompt), by call id. */
  modelOutcomes: Record<string, Outcome>;
}

export interface RunScriptedOptions extends ScriptOptions {
  /** The generateText and streamText to run: the package's by default. */
  readonly sdk?: {
    generateText: (settings: never) => unknown;
    streamText: (settings: never) => unknown;
  };
  /** Turns the settings, model and prompt included, into what those receive. */
  readonly prepare?: (settings: Record<string, unknown>) => unknown;
}

/**
 * Runs the scripted model through generateText, or streamText read to its end
 * (an error part of the stream fails the run), with `settings` over a step
 * limit one past the script and, when there are no messages, the prompt 'Help me.'.
 *
 * @example
 * const { sent, outcomes } = await runScripted('streamText', [calls, []], {
 *   tools,
 *   toolDisclosure: { maxTools: 2, environment: {} },
 * });
 */
export async function runScripted(
  kind: Kind,
  steps: readonly ScriptStep[],
  settings: Record<string, unknown>,
  { sdk = { generateText, streamText }, prepare, ...options }: RunScriptedOptions = {},
): Promise<ScriptedRun> {
  const model = scriptedModel(kind, steps, options);
  const base: Record<string, unknown> = {
    model,
    stopWhen: isStepCount(steps.length + 1),
    ...settings,
  };
  if (base.messages === undefined && base.prompt === undefined) base.prompt = 'Help me.';
  const params = (prepare === undefined ? base : await prepare(base)) as never;
  let result: { steps: unknown; content: unknown; response: { messages: ModelMessage[] } };
  if (kind === 'generateText') {
    result = (await sdk.generateText(params)) as typeof result;
  } else {
    const streamed = sdk.streamText(params) as {
      fullStream: AsyncIterable<{ type: string; error?: unknown }>;
      steps: PromiseLike<unknown>;
      content: PromiseLike<unknown>;
      response: PromiseLike<{ messages: ModelMessage[] }>;
    };
    const errors: unknown[] = [];
    for await (const part of streamed.fullStream)
      if (part.type === 'error') errors.push(part.error);
    if (errors.length > 0) throw errors[0];
    result = {
      steps: await streamed.steps,
      content: await streamed.content,
      response: await streamed.response,
    };
  }
  const stepContents = result.steps as { content: Part[] }[];
  const content = stepContents.flatMap((step) => step.content);
  return {
    model,
    sent: kind === 'generateText' ? model.doGenerateCalls : model.doStreamCalls,
    steps: stepContents,
    content,
    finalContent: result.content as Part[],
    responseMessages: result.response.messages,
    outcomes: outcomesOf(content),
    modelOutcomes: modelOutcomesOf(
      (kind === 'generateText' ? model.doGenerateCalls : model.doStreamCalls).at(-1)?.prompt ?? [],
    ),
  };
}

/** The tool results in a prompt, by call id: outputs of an error type are `ok: false`, JSON text parsed. */
function modelOutcomesOf(prompt: readonly { role: string; content: unknown }[]) {
  const outcomes: Record<string, Outcome> = {};
  for (const message of prompt) {
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content as Part[]) {
      if (part.type !== 'tool-result') continue;
      const output = part.output as { type: string; value?: unknown; reason?: unknown };
      let value = output.type === 'execution-denied' ? output : output.value;
      if (output.type === 'error-text') {
        try {
          value = JSON.parse(String(output.value));
        } catch {}
      }
      outcomes[part.toolCallId as string] = {
        ok: !output.type.startsWith('error') && output.type !== 'execution-denied',
        toolName: part.toolName,
        value,
      };
    }
  }
  return outcomes;
}

function outcomesOf(content: readonly Part[]) {
  const outcomes: Record<string, Outcome> = {};
  for (const part of content) {
    if (part.type === 'tool-result' && !part.preliminary) {
      outcomes[part.toolCallId as string] = {
        ok: true,
        toolName: part.toolName,
        value: part.output,
      };
    }
    if (part.type === 'tool-error') {
      const message = String((part.error as Error)?.message ?? part.error);
      let value: unknown = message;
      try {
        value = JSON.parse(message);
      } catch {}
      outcomes[part.toolCallId as string] = { ok: false, toolName: part.toolName, value };
    }
  }
  return outcomes;
}

/** The messages that continue `first` with every approval request of it approved, as a chat UI sends them. */
export function approvingAll(first: {
  responseMessages: readonly ModelMessage[];
  content: readonly Part[];
}): ModelMessage[] {
  const approvals = first.content.filter((part) => part.type === 'tool-approval-request');
  return [
    { role: 'user', content: 'Help me.' },
    ...first.responseMessages,
    {
      role: 'tool',
      content: approvals.map((part) => ({
        type: 'tool-approval-response',
        approvalId: part.approvalId,
        approved: true,
      })),
    },
  ] as ModelMessage[];
}
