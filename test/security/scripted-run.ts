import { isStepCount, type ModelMessage } from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import { TOOL_BRIDGE_ERROR_KINDS } from '../../src/bridge.js';
import { generateText, streamText, type ToolDisclosureOptions } from '../../src/index.js';
import {
  type Call,
  type Kind,
  scriptedModel as scriptedCallsModel,
} from '../../src/wrap/scripted-model.case.js';

/** Which public entry point a case goes through. */
export type { Kind };

/** One tool call the scripted model makes: a raw name and the raw input text it sends. */
export interface ScriptedCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: string;
}

/** One model step: its tool calls, else (when there are none) a text answer. */
export interface ScriptedStep {
  readonly calls: readonly ScriptedCall[];
}

/** A mock model that answers step `i` with `steps[i]`, through doGenerate or doStream. */
export function scriptedModel(kind: Kind, steps: readonly ScriptedStep[]): MockLanguageModelV4 {
  return scriptedCallsModel(
    kind,
    steps.map((step) =>
      step.calls.map((call): Call => [call.toolCallId, call.toolName, call.input]),
    ),
    { inputDeltas: true },
  );
}

/** A content part of a step, reduced to what the model and the application see of it. */
export type ObservedPart =
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
  | { type: 'tool-result'; toolCallId: string; toolName: string; output: unknown }
  | { type: 'tool-error'; toolCallId: string; toolName: string; error: string; errorName: string }
  | {
      type: 'tool-approval-request';
      approvalId: string;
      toolCallId: string;
      toolName: string;
      input: unknown;
      isAutomatic: boolean;
    }
  | { type: string };

/** What one run showed the model, and what came out of it. */
export interface Observation {
  /** Per model call: the prompt and the tool definitions it received, as JSON. */
  readonly requests: readonly { readonly prompt: string; readonly tools: string }[];
  /** Per model call: the names of the tools it was offered. */
  readonly offered: readonly (readonly string[])[];
  /** Per step: its content parts. */
  readonly steps: readonly (readonly ObservedPart[])[];
  readonly responseMessages: readonly ModelMessage[];
  /** Set when `generateText` rejected, or the stream threw or emitted an `error` part. */
  readonly failure: string | undefined;
}

export interface RunOptions {
  readonly kind: Kind;
  readonly steps: readonly ScriptedStep[];
  /** `generateText` / `streamText` settings other than `model` (a prompt is added when missing). */
  readonly settings: Record<string, unknown>;
  /** Merged over `{ environment: {}, onWarning: () => {} }`. */
  readonly toolDisclosure?: ToolDisclosureOptions;
}

/** Runs the scripted model through the public `generateText` / `streamText` and observes it. */
export async function runScripted({
  kind,
  steps,
  settings,
  toolDisclosure,
}: RunOptions): Promise<Observation> {
  const model = scriptedModel(kind, steps);
  const params: Record<string, unknown> = {
    stopWhen: isStepCount(Math.max(1, steps.length)),
    ...settings,
    model,
    toolDisclosure: { environment: {}, onWarning: () => {}, ...toolDisclosure },
  };
  if (params.messages === undefined && params.prompt === undefined) params.prompt = 'Help me.';
  let failure: string | undefined;
  let rawSteps: readonly { content: readonly unknown[] }[] = [];
  let responseMessages: readonly ModelMessage[] = [];
  if (kind === 'generateText') {
    try {
      const result = await generateText(params as never);
      rawSteps = result.steps as never;
      responseMessages = result.response.messages;
    } catch (error) {
      failure = `generateText rejected: ${describeError(error)}`;
    }
  } else {
    try {
      const result = streamText(params as never);
      for await (const part of result.fullStream) {
        if (part.type === 'error' && failure === undefined) {
          failure = `the stream emitted an error part: ${describeError(part.error)}`;
        }
      }
      rawSteps = (await result.steps) as never;
      responseMessages = (await result.response).messages;
    } catch (error) {
      failure ??= `the stream threw: ${describeError(error)}`;
    }
  }
  const calls = kind === 'generateText' ? model.doGenerateCalls : model.doStreamCalls;
  // A provider sends each request as JSON: one that cannot be serialized would fail the call.
  const serialize = (value: unknown, what: string, index: number): string => {
    try {
      return JSON.stringify(value);
    } catch (error) {
      failure ??= `the ${what} of model call ${index} cannot be serialized as JSON, as a provider must: ${describeError(error)}`;
      return `<not serializable: ${errorText(error)}>`;
    }
  };
  const requests = calls.map((call, index) => ({
    prompt: serialize(call.prompt, 'prompt', index),
    tools: serialize(call.tools ?? null, 'tool list', index),
  }));
  return {
    requests,
    offered: calls.map((call) => (call.tools ?? []).map((tool) => tool.name)),
    steps: rawSteps.map((step) => step.content.map(observePart)),
    responseMessages,
    failure,
  };
}

function observePart(raw: unknown): ObservedPart {
  const part = raw as Record<string, unknown> & { type: string };
  switch (part.type) {
    case 'tool-call':
      return {
        type: part.type,
        toolCallId: String(part.toolCallId),
        toolName: String(part.toolName),
        input: part.input,
      };
    case 'tool-result':
      return {
        type: part.type,
        toolCallId: String(part.toolCallId),
        toolName: String(part.toolName),
        output: part.output,
      };
    case 'tool-error':
      return {
        type: part.type,
        toolCallId: String(part.toolCallId),
        toolName: String(part.toolName),
        error: errorText(part.error),
        errorName: errorNameOf(part.error),
      };
    case 'tool-approval-request': {
      const toolCall = (part.toolCall ?? {}) as Record<string, unknown>;
      return {
        type: part.type,
        approvalId: String(part.approvalId),
        toolCallId: String(toolCall.toolCallId),
        toolName: String(toolCall.toolName),
        input: toolCall.input,
        isAutomatic: part.isAutomatic === true,
      };
    }
    default:
      return { type: part.type };
  }
}

/**
 * The name of a tool error: the SDK reports invalid tool calls (input it could
 * not parse or validate) as the string `"AI_…Error: message"`, other failures
 * as the thrown value.
 */
function errorNameOf(error: unknown): string {
  if (error instanceof Error) return error.name;
  if (typeof error === 'string') return /^(AI_[A-Za-z]+Error): /.exec(error)?.[1] ?? 'string';
  return typeof error;
}

/** All parts of one type over every step. */
export function partsOf<TYPE extends ObservedPart['type']>(
  observation: Observation,
  type: TYPE,
): Extract<ObservedPart, { type: TYPE }>[] {
  return observation.steps.flat().filter((part) => part.type === type) as never;
}

/** The text of an error as the model reads it. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return errorText(error);
  const stack = error.stack?.split('\n').slice(0, 4).join(' | ') ?? '';
  return `${error.name}: ${error.message.slice(0, 300)} ${stack ? `(${stack.slice(0, 400)})` : ''}`;
}

const bridgeKinds: readonly string[] = TOOL_BRIDGE_ERROR_KINDS;

/** The kind of a typed bridge error JSON `{ error: { kind, message } }`, else undefined. */
export function bridgeErrorKind(text: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object') return undefined;
  const inner = (parsed as { error?: unknown }).error;
  if (inner === null || typeof inner !== 'object') return undefined;
  const { kind, message } = inner as { kind?: unknown; message?: unknown };
  if (typeof kind !== 'string' || typeof message !== 'string') return undefined;
  return bridgeKinds.includes(kind) ? kind : undefined;
}

/** Defines an own property, so keys such as `__proto__` are real record keys. */
export function setOwn<VALUE>(record: Record<string, VALUE>, key: string, value: VALUE): void {
  Object.defineProperty(record, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Where two strings first differ, with some context of each, for failure messages. */
export function firstDifference(left: string, right: string, context = 160): string | undefined {
  if (left === right) return undefined;
  let index = 0;
  while (index < left.length && index < right.length && left[index] === right[index]) index++;
  const start = Math.max(0, index - context / 2);
  return [
    `first difference at character ${index}:`,
    `  A: …${left.slice(start, index + context)}…`,
    `  B: …${right.slice(start, index + context)}…`,
  ].join('\n');
}

/**
 * A prompt's JSON with the parts of each tool message sorted by call id: with
 * `streamText`, results of one step's concurrent calls arrive in the order they
 * finish, which depends on timing (a cold or warm search index), not on what
 * the model may see.
 */
export function promptInCallOrder(promptJson: string): string {
  const messages = JSON.parse(promptJson) as { role: string; content: unknown }[];
  return JSON.stringify(
    messages.map((message) =>
      message.role === 'tool' && Array.isArray(message.content)
        ? { ...message, content: sortedByCall(message.content) }
        : message,
    ),
  );
}

/** Each step's parts with tool results and errors sorted by call id (see `promptInCallOrder`). */
export function stepsInCallOrder(steps: readonly (readonly ObservedPart[])[]): string {
  return JSON.stringify(steps.map((step) => sortedByCall(step)));
}

/** Sorts by call id, stably, keeping parts without one (text) after those with one. */
function sortedByCall<PART>(parts: readonly PART[]): PART[] {
  const callIdOf = (part: PART) => {
    const id = (part as { toolCallId?: unknown } | null)?.toolCallId;
    return typeof id === 'string' ? id : '\uffff';
  };
  return parts
    .map((part, index) => ({ part, index }))
    .sort(
      (left, right) =>
        callIdOf(left.part).localeCompare(callIdOf(right.part)) || left.index - right.index,
    )
    .map(({ part }) => part);
}
