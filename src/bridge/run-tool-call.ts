import { asSchema, type JSONValue, type Tool, type ToolExecutionOptions } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { argumentBoundsViolation } from './argument-bounds.js';
import { prototypeKey } from './prototype-key.js';
import type { ToolResolver } from './resolve-tool-name.js';
import { ToolBridgeError } from './tool-bridge-error.js';
import { type ToolInputValidation, validateToolInput } from './validate-tool-input.js';

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
  /**
   * The validation of these arguments against the resolved tool's schema, when
   * it was done already for this very call (by its approval check): the call
   * then runs on that answer, as plain `ai` approves and runs one validation,
   * instead of on a second one that could differ. @default validated here
   */
  validation?: ToolInputValidation | undefined;
}

/** What `runToolCall` returns: a promise of the output, or the real tool's stream of outputs. */
export type ToolCallOutput = PromiseLike<unknown> | AsyncIterable<unknown>;

/**
 * The one execution pipeline behind `tool_call` and direct calls of
 * deferred tools: resolve the name (denied tools fail exactly like unknown
 * ones), bound the arguments (64 levels of nesting, 1 MiB) before anything
 * recursive sees them, parse and validate them against the real tool's schema,
 * run the real `execute` with the real tool's context, the call id, messages
 * and abort signal, apply the timeout, and report MCP `isError` results and
 * outputs that cannot be sent as JSON as failures.
 *
 * Returns a promise of the output, or, when the real `execute` is an async
 * generator function, an async iterable re-yielding its (preliminary) outputs,
 * so it can be returned from a bridge tool's `execute` as is. Failures are
 * `ToolBridgeError`s: `unknown_tool`, `invalid_arguments` (with `issues` and
 * the tool's `parameters`), `execution_failed`, `timeout` or `aborted`, also
 * when a validator, a context schema or `execute` throws something odd. They
 * are never thrown synchronously.
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
  let validation: ToolInputValidation;
  try {
    validation =
      runOptions.validation ??
      (await validateToolInput({ tool, parameters: entry.parameters, input: parsed }));
  } catch (error) {
    // A schema or validator that throws is still an answer the model can read.
    validation = { success: false, issues: [{ path: '', message: messageOf(error) }] };
  }
  if (!validation.success) {
    throw new ToolBridgeError({
      kind: 'invalid_arguments',
      message: `The arguments for ${entry.wireName} do not match its parameter schema. Fix the listed issues and call it again.`,
      details: {
        issues: validation.issues.map(({ path, message }) => ({ path, message })),
        ...parametersDetail(entry),
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
  // Before anything recursive (parsing, validation) sees the arguments.
  const violation = argumentBoundsViolation(raw);
  if (violation !== undefined) {
    throw invalidArguments(entry, violation.message, { [`max_${violation.limit}`]: violation.max });
  }
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
  // Plain ai refuses these keys when it parses a tool's input; arguments sent as text are parsed here.
  const key = prototypeKey(value);
  if (key !== undefined) {
    throw invalidArguments(
      entry,
      key === '__proto__'
        ? '"arguments" hold a "__proto__" key, which no tool accepts. Send the arguments without it.'
        : '"arguments" hold a "constructor" key whose value has a "prototype", which no tool accepts. Send the arguments without it.',
      { forbidden_key: key },
    );
  }
  return value;
}

function invalidArguments(
  entry: CatalogEntry,
  message: string,
  details: Record<string, JSONValue> = {},
): ToolBridgeError {
  return new ToolBridgeError({
    kind: 'invalid_arguments',
    message: `${message} The parameter schema of ${entry.wireName} is attached.`,
    details: { ...details, ...parametersDetail(entry) },
  });
}

/** The tool's parameter schema for an error's details, as a copy. */
function parametersDetail(entry: CatalogEntry): { parameters?: JSONValue } {
  const parameters = toJsonValue(entry.parameters);
  return parameters === undefined ? {} : { parameters };
}

/** The real tool's context, checked against its `contextSchema` (the SDK checks only the bridge's). */
async function validContext(entry: CatalogEntry, tool: Tool, context: unknown): Promise<unknown> {
  const contextSchema = (tool as { contextSchema?: unknown }).contextSchema;
  if (contextSchema == null) return context;
  let result: Awaited<ReturnType<typeof parseContext>>;
  try {
    result = await parseContext(contextSchema, context);
  } catch (error) {
    throw new ToolBridgeError({
      kind: 'execution_failed',
      message: `${entry.wireName} cannot run: checking its toolsContext entry against its context schema failed (${messageOf(error)}); an application configuration error.`,
      cause: error,
    });
  }
  if (result.success) return result.value;
  throw new ToolBridgeError({
    kind: 'execution_failed',
    message: `${entry.wireName} cannot run: its toolsContext entry does not match its context schema (an application configuration error).`,
    cause: result.error,
  });
}

/** The context as its schema parses it; throws whatever the schema throws. */
async function parseContext(contextSchema: unknown, context: unknown) {
  const validate = asSchema(contextSchema as Parameters<typeof asSchema>[0]).validate;
  return validate === undefined ? { success: true as const, value: context } : validate(context);
}

/** Characters of an MCP error's text quoted in the message; the full content is attached once. */
const QUOTED_ERROR_CHARACTERS = 1000;

/**
 * An MCP-style `{ isError: true, content }` result is a failure, not an output;
 * so is an output the model would receive as JSON that cannot be written as
 * JSON (a cycle, a BigInt). A tool with its own `toModelOutput` converts its
 * output itself.
 */
function checkOutput(entry: CatalogEntry, output: unknown): unknown {
  if (output != null && typeof output === 'object' && (output as { isError?: unknown }).isError) {
    throw reportedError(entry, (output as { content?: unknown }).content ?? null);
  }
  if (entry.tool?.toModelOutput === undefined) {
    const problem = jsonProblem(output);
    if (problem !== undefined) {
      throw new ToolBridgeError({
        kind: 'execution_failed',
        message: `${entry.wireName} returned an output that cannot be sent as JSON (${problem}). This is a fault of the tool, not of the arguments.`,
      });
    }
  }
  return output;
}

function reportedError(entry: CatalogEntry, rawContent: unknown): ToolBridgeError {
  const content = toJsonValue(rawContent);
  if (content === undefined) {
    return new ToolBridgeError({
      kind: 'execution_failed',
      message: `${entry.wireName} reported an error whose content cannot be sent as JSON (${jsonProblem(rawContent)}).`,
    });
  }
  const text = textOf(content);
  return new ToolBridgeError({
    kind: 'execution_failed',
    message:
      text === undefined
        ? `${entry.wireName} reported an error; its content is attached.`
        : `${entry.wireName} reported an error: ${quoted(text)}`,
    details: { content },
  });
}

/** At most the first 1,000 characters of `text`, cut between code points. */
function quoted(text: string): string {
  if (text.length <= QUOTED_ERROR_CHARACTERS) return text;
  const end = isHighSurrogate(text.charCodeAt(QUOTED_ERROR_CHARACTERS - 1))
    ? QUOTED_ERROR_CHARACTERS - 1
    : QUOTED_ERROR_CHARACTERS;
  return `${text.slice(0, end)}… (the full content is attached)`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
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

/** Ways of describing a thrown value, most telling first; any of them may throw. */
const describers: readonly ((error: unknown) => unknown)[] = [
  (error) => (error instanceof Error ? error.message : undefined),
  (error) => (error instanceof Error ? error.name : undefined),
  (error) => JSON.stringify(error),
  (error) => {
    const text = String(error);
    return text === '[object Object]' ? undefined : text;
  },
];

/**
 * Readable text for anything thrown; never throws itself, whatever was thrown
 * (a cycle, a BigInt, a Symbol, `undefined`, an Error whose `message` throws).
 */
function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  for (const describe of describers) {
    try {
      const text = describe(error);
      if (typeof text === 'string' && text !== '') return text;
    } catch {
      // This way of describing it throws (a getter, a cycle, no prototype): try the next.
    }
  }
  return 'a value that cannot be shown as text';
}

/** A plain JSON copy of `value`, or `undefined` when it cannot be written as JSON. */
function toJsonValue(value: unknown): JSONValue | undefined {
  try {
    const json = JSON.stringify(value);
    return json === undefined ? null : (JSON.parse(json) as JSONValue);
  } catch {
    return undefined;
  }
}

/** Why `value` cannot be written as JSON (a cycle, a BigInt, nesting too deep), if it cannot. */
function jsonProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' && typeof value !== 'bigint') return undefined;
  try {
    JSON.stringify(value);
    return undefined;
  } catch (error) {
    return messageOf(error);
  }
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
