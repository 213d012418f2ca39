import type { ToolBridgeError } from '../error/tool-bridge-error.js';

/**
 * The calls of one request that a bridge answers with an error decided before
 * `ai` parsed them: input that was not JSON, or over the argument bounds. The
 * input such a call reaches the bridge with is a stand-in (`{}`), so the bridge
 * cannot tell it from what the model sent; it asks here by the call's id.
 */
export interface RefusedCalls {
  /** Notes that the call `toolCallId` is answered with `error`. */
  refuse(toolCallId: string, error: ToolBridgeError): void;
  /** The error the call `toolCallId` is answered with, forgotten once taken; undefined for any other call. */
  take(toolCallId: unknown): ToolBridgeError | undefined;
}

/**
 * Creates the refused calls of one request: nothing is shared between requests.
 *
 * @example
 * const refused = createRefusedCalls();
 * refused.refuse('call_1', bridgeInputNotJson('tool_search'));
 * refused.take('call_1')?.kind; // 'invalid_arguments'
 * refused.take('call_1'); // undefined
 */
export function createRefusedCalls(): RefusedCalls {
  const errors = new Map<string, ToolBridgeError>();
  return Object.freeze({
    refuse(toolCallId: string, error: ToolBridgeError) {
      errors.set(toolCallId, error);
    },
    take(toolCallId: unknown) {
      if (typeof toolCallId !== 'string') return undefined;
      const error = errors.get(toolCallId);
      errors.delete(toolCallId);
      return error;
    },
  });
}
