import type { Tool } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { ToolBridgeError } from '../error/tool-bridge-error.js';
import { checkOutput } from './check-output.js';
import { guardToolCall, prepareToolCall } from './prepare-tool-call.js';
import type { RunToolCallOptions } from './run-tool-call-options.js';

// runToolCall's options, where its callers look for them.
export type { RunToolCallOptions } from './run-tool-call-options.js';

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
  const prepared = await prepareToolCall(entry, runOptions);
  try {
    let output = await guardToolCall(
      entry,
      prepared,
      (async () => execute(prepared.input, prepared.executionOptions))(),
    );
    if (isAsyncIterable(output)) {
      // A plain function returning a stream: its last value is the output.
      let last: unknown;
      const iterator = output[Symbol.asyncIterator]();
      for (;;) {
        const next = await guardToolCall(entry, prepared, iterator.next());
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
  const prepared = await prepareToolCall(entry, runOptions);
  let iterator: AsyncIterator<unknown> | undefined;
  let done = false;
  try {
    const created = await guardToolCall(
      entry,
      prepared,
      (async () => execute(prepared.input, prepared.executionOptions) as AsyncIterable<unknown>)(),
    );
    iterator = created[Symbol.asyncIterator]();
    const current = iterator;
    for (;;) {
      const next = await guardToolCall(entry, prepared, (async () => current.next())());
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
