import type { Tool, ToolExecutionOptions } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { ToolBridgeError } from '../error/tool-bridge-error.js';
import { ownValue } from '../util/own-value.js';
import { messageOf } from './message-of.js';
import { parseToolArguments } from './parse-tool-arguments.js';
import type { RunToolCallOptions } from './run-tool-call-options.js';
import { schemaMismatch } from './schema-mismatch.js';
import { validContext } from './valid-context.js';
import { type ToolInputValidation, validateToolInput } from './validate-tool-input.js';

/** A call ready to run: its validated input, the options for `execute`, and how it is interrupted. */
export interface PreparedCall {
  readonly input: unknown;
  readonly executionOptions: ToolExecutionOptions<unknown>;
  /** Settles (rejects) when the call times out or is aborted. */
  readonly interrupted: Promise<never>;
  readonly dispose: () => void;
}

/** Parses and validates the arguments, then links the abort signal and the timeout. */
export async function prepareToolCall(
  entry: CatalogEntry,
  runOptions: RunToolCallOptions,
): Promise<PreparedCall> {
  const { options, toolsContext, timeoutMs } = runOptions;
  const signal = options.abortSignal;
  if (signal?.aborted) throw abortedError(entry, signal.reason);

  const tool = entry.tool as Tool;
  const parsed = parseToolArguments(entry, runOptions.arguments);
  let validation: ToolInputValidation;
  try {
    validation =
      runOptions.validation ??
      (await validateToolInput({ tool, parameters: entry.parameters, input: parsed }));
  } catch (error) {
    // A schema or validator that throws is still an answer the model can read.
    validation = { success: false, issues: [{ path: '', message: messageOf(error) }] };
  }
  if (!validation.success) throw schemaMismatch(entry, validation.issues);
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
export async function guardToolCall<VALUE>(
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

function abortedError(entry: CatalogEntry, reason: unknown): ToolBridgeError {
  if (ToolBridgeError.isInstance(reason)) return reason;
  return new ToolBridgeError({
    kind: 'aborted',
    message: `The call of ${entry.wireName} was aborted before it finished.`,
    cause: reason,
  });
}
