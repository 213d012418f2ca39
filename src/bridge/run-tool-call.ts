import { asSchema, type JSONValue, type Tool, type ToolExecutionOptions } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { ToolResolver } from './resolve-tool-name.js';
import { ToolBridgeError } from './tool-bridge-error.js';
import { validateToolInput } from './validate-tool-input.js';

export interface RunToolCallOptions {
  /** A resolver over the run's authorized entries only, so denied tools never resolve. */
  resolver: ToolResolver;
  /** The tool name as the model sent it: any name form the resolver accepts. */
  name: unknown;
  /**
   * The arguments: a JSON object encoded as a string, or an object. An empty
   * string or `undefined` means `{}`.
   */
  arguments: unknown;
  /**
   * The execution options of the call that reached the bridge: `toolCallId`,
   * `messages`, `abortSignal` and `experimental_sandbox` are passed to the real
   * tool unchanged; `context` is replaced by the real tool's own entry of `toolsContext`.
   */
  options: Omit<ToolExecutionOptions<unknown>, 'context'>;
  /** The run's tools contexts keyed by wire name; the real tool gets its own entry. @default {} */
  toolsContext?: Readonly<Record<string, unknown>> | undefined;
  /** Fail with `timeout` (and abort the real call) after this many milliseconds. @default no timeout */
  timeoutMs?: number | undefined;
}

/** What `runToolCall` returns: a promise of the output, or the real tool's stream of outputs. */
export type ToolCallOutput = PromiseLike<unknown> | AsyncIterable<unknown>;

/**
 * The one execution pipeline (SPEC §8) behind `tool_call` and direct calls of
 * deferred tools: resolve the name (denied tools fail exactly like unknown
 * ones), parse and validate the arguments against the real tool's schema, run
 * the real `execute` with the real tool's context, the call id, messages and
 * abort signal, apply the timeout, and report MCP `isError` results as failures.
 *
 * Returns a promise of the output, or, when the real `execute` is an async
 * generator function, an async iterable re-yielding its (preliminary) outputs,
 * so it can be returned from a bridge tool's `execute` as is. Failures are
 * `ToolBridgeError`s: `unknown_tool`, `invalid_arguments` (with `issues` and
 * the tool's `parameters`), `execution_failed`, `timeout` or `aborted`. They are
 * never thrown synchronously.
 *
 * @example
 * const output = await runToolCall({
 *   resolver: createToolResolver(disclosure.authorized.entries),
 *   name: 'calendar.create_event',
 *   arguments: '{"title":"Board meeting"}',
 *   options: { toolCallId: 'call-1', messages: [] },
 *   toolsContext: { calendar__create_event: { user: 'ada' } },
 * });
 */
export function runToolCall(runOptions: RunToolCallOptions): ToolCallOutput {
  let entry: CatalogEntry;
  let execute: NonNullable<Tool['execute']>;
  try {
    entry = runOptions.resolver.resolve(runOptions.name);
    execute = executeOf(entry);
  } catch (error) {
    return Promise.reject(error);
  }
  return isAsyncGeneratorFunction(execute)
    ? streamToolCall(entry, execute, runOptions)
    : callTool(entry, execute, runOptions);
}

async function callTool(
  entry: CatalogEntry,
  execute: NonNullable<Tool['execute']>,
  runOptions: RunToolCallOptions,
): Promise<unknown> {
  const prepared = await prepare(entry, runOptions);
  try {
    let output = await guard(
      entry,
      prepared,
      (async () => execute(prepared.input, prepared.executionOptions))(),
    );
    if (isAsyncIterable(output)) {
      // A plain function returning a stream: its last value is the output.
      let last: unknown;
      const iterator = output[Symbol.asyncIterator]();
      for (;;) {
        const next = await guard(entry, prepared, iterator.next());
        if (next.done) break;
        last = next.value;
      }
      output = last;
    }
    return checkOutput(entry, output);
  } finally {
    prepared.dispose();
  }
}

async function* streamToolCall(
  entry: CatalogEntry,
  execute: NonNullable<Tool['execute']>,
  runOptions: RunToolCallOptions,
): AsyncGenerator<unknown> {
  const prepared = await prepare(entry, runOptions);
  let iterator: AsyncIterator<unknown> | undefined;
  let done = false;
  try {
    const created = await guard(
      entry,
      prepared,
      (async () => execute(prepared.input, prepared.executionOptions) as AsyncIterable<unknown>)(),
    );
    iterator = created[Symbol.asyncIterator]();
    const current = iterator;
    for (;;) {
      const next = await guard(entry, prepared, (async () => current.next())());
      if (next.done) break;
      yield checkOutput(entry, next.value);
    }
    done = true;
  } finally {
    prepared.dispose();
    // Stop a stream that failed, timed out or was abandoned; never wait for it.
    if (!done) iterator?.return?.()?.catch?.(() => {});
  }
}

interface PreparedCall {
  readonly input: unknown;
  readonly executionOptions: ToolExecutionOptions<unknown>;
  /** Settles (rejects) when the call times out or is aborted. */
  readonly interrupted: Promise<never>;
  readonly dispose: () => void;
}

/** Parses and validates the arguments, then links the abort signal and the timeout. */
async function prepare(entry: CatalogEntry, runOptions: RunToolCallOptions): Promise<PreparedCall> {
  const { options, toolsContext, timeoutMs } = runOptions;
  const signal = options.abortSignal;
  if (signal?.aborted) throw abortedError(entry, signal.reason);

  const tool = entry.tool as Tool;
  const parsed = parseArguments(entry, runOptions.arguments);
  const validation = await validateToolInput({
    tool,
    parameters: entry.parameters,
    input: parsed,
  });
  if (!validation.success) {
    throw new ToolBridgeError({
      kind: 'invalid_arguments',
      message: `The arguments for ${entry.wireName} do not match its parameter schema. Fix the listed issues and call it again.`,
      details: {
        issues: validation.issues.map(({ path, message }) => ({ path, message })),
        parameters: toJsonValue(entry.parameters),
      },
    });
  }
  const context = await validContext(entry, tool, ownValue(toolsContext, entry.wireName));

  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let rejectInterrupted: (error: unknown) => void = () => {};
  const interrupted = new Promise<never>((_, reject) => {
    rejectInterrupted = reject;
  });
  // Never an unhandled rejection when nobody is waiting any more.
  interrupted.catch(() => {});
  const onAbort = () => {
    const error = abortedError(entry, signal?.reason);
    controller.abort(error);
    rejectInterrupted(error);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  if (timeoutMs !== undefined) {
    timer = setTimeout(() => {
      const error = new ToolBridgeError({
        kind: 'timeout',
        message: `${entry.wireName} did not finish within ${timeoutMs} ms and was stopped.`,
        details: { timeout_ms: timeoutMs },
      });
      controller.abort(error);
      rejectInterrupted(error);
    }, timeoutMs);
  }

  return {
    input: validation.value,
    executionOptions: { ...options, abortSignal: controller.signal, context },
    interrupted,
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** Waits for `work`, failing first on timeout or abort, and types every failure. */
async function guard<VALUE>(
  entry: CatalogEntry,
  prepared: PreparedCall,
  work: Promise<VALUE>,
): Promise<VALUE> {
  try {
    return await Promise.race([work, prepared.interrupted]);
  } catch (error) {
    const reason = prepared.executionOptions.abortSignal?.reason;
    if (prepared.executionOptions.abortSignal?.aborted && ToolBridgeError.isInstance(reason)) {
      throw reason;
    }
    if (ToolBridgeError.isInstance(error)) throw error;
    throw new ToolBridgeError({
      kind: 'execution_failed',
      message: `${entry.wireName} failed: ${messageOf(error)}`,
      cause: error,
    });
  }
}

function executeOf(entry: CatalogEntry): NonNullable<Tool['execute']> {
  const execute = entry.tool?.execute;
  if (typeof execute !== 'function') {
    throw new ToolBridgeError({
      kind: 'execution_failed',
      message: `${entry.wireName} cannot be executed here: it has no execute function (a tool loaded from a definition, or one the client must run).`,
    });
  }
  return execute;
}

function parseArguments(entry: CatalogEntry, raw: unknown): unknown {
  let value = raw;
  if (raw === undefined) return {};
  if (typeof raw === 'string') {
    if (raw.trim() === '') return {};
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw invalidArguments(
        entry,
        `"arguments" is not valid JSON (${messageOf(error)}). Send the arguments as a JSON object encoded as a string.`,
      );
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidArguments(
      entry,
      `"arguments" must be a JSON object, not ${value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`}.`,
    );
  }
  return value;
}

function invalidArguments(entry: CatalogEntry, message: string): ToolBridgeError {
  return new ToolBridgeError({
    kind: 'invalid_arguments',
    message: `${message} The parameter schema of ${entry.wireName} is attached.`,
    details: { parameters: toJsonValue(entry.parameters) },
  });
}

/** The real tool's context, checked against its `contextSchema` (the SDK checks only the bridge's). */
async function validContext(entry: CatalogEntry, tool: Tool, context: unknown): Promise<unknown> {
  const contextSchema = (tool as { contextSchema?: unknown }).contextSchema;
  if (contextSchema == null) return context;
  const validate = asSchema(contextSchema as Parameters<typeof asSchema>[0]).validate;
  if (validate === undefined) return context;
  const result = await validate(context);
  if (result.success) return result.value;
  throw new ToolBridgeError({
    kind: 'execution_failed',
    message: `${entry.wireName} cannot run: its toolsContext entry does not match its context schema (an application configuration error).`,
    cause: result.error,
  });
}

/** An MCP-style `{ isError: true, content }` result is a failure, not an output. */
function checkOutput(entry: CatalogEntry, output: unknown): unknown {
  if (output != null && typeof output === 'object' && (output as { isError?: unknown }).isError) {
    const content = toJsonValue((output as { content?: unknown }).content ?? null);
    throw new ToolBridgeError({
      kind: 'execution_failed',
      message: `${entry.wireName} reported an error: ${textOf(content) ?? 'see content'}`,
      details: { content },
    });
  }
  return output;
}

function abortedError(entry: CatalogEntry, reason: unknown): ToolBridgeError {
  if (ToolBridgeError.isInstance(reason)) return reason;
  return new ToolBridgeError({
    kind: 'aborted',
    message: `The call of ${entry.wireName} was aborted before it finished.`,
    cause: reason,
  });
}

/** The text parts of MCP content, joined, when there are any. */
function textOf(content: JSONValue): string | undefined {
  if (!Array.isArray(content)) return undefined;
  const texts = content.flatMap((part) =>
    part != null &&
    typeof part === 'object' &&
    !Array.isArray(part) &&
    typeof part.text === 'string'
      ? [part.text]
      : [],
  );
  return texts.length > 0 ? texts.join('\n') : undefined;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
}

function toJsonValue(value: unknown): JSONValue {
  return JSON.parse(JSON.stringify(value ?? null)) as JSONValue;
}

function ownValue(record: Readonly<Record<string, unknown>> | undefined, key: string): unknown {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined;
}

function isAsyncGeneratorFunction(execute: unknown): boolean {
  return (
    typeof execute === 'function' &&
    (execute as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === 'AsyncGeneratorFunction'
  );
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    value != null &&
    typeof value === 'object' &&
    typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function'
  );
}
