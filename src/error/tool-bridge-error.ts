import type { JSONValue } from 'ai';
import { hasMarker, ToolDisclosureError } from './tool-disclosure-error.js';

const name = 'ToolDisclosureToolBridgeError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/** The stable kinds of bridge failures, the values of `ToolBridgeError.kind`. */
export const TOOL_BRIDGE_ERROR_KINDS = [
  'unknown_tool',
  'invalid_arguments',
  'query_too_long',
  'execution_failed',
  'timeout',
  'aborted',
  'approval_denied',
  'stale_snapshot',
] as const;

/**
 * Why a bridge call failed: `unknown_tool`, `invalid_arguments`,
 * `query_too_long`, `execution_failed`, `timeout`, `aborted`, `approval_denied`
 * or `stale_snapshot` (a tool served from a snapshot changed on its server).
 */
export type ToolBridgeErrorKind = (typeof TOOL_BRIDGE_ERROR_KINDS)[number];

/** What a model receives as the tool result of a failed bridge call. */
export interface ToolBridgeErrorJson {
  error: { kind: ToolBridgeErrorKind; message: string; [detail: string]: JSONValue };
}

/**
 * A bridge call (`tool_search`, `tool_describe`, `tool_call` or a direct call)
 * failed in a way the model can act on. `kind` is stable; `message` says what
 * to do next; `toJSON()` is the tool result the model receives.
 *
 * @example
 * new ToolBridgeError({ kind: 'unknown_tool', message: 'No tool named "x". Use tool_search.' }).toJSON();
 * // { error: { kind: 'unknown_tool', message: 'No tool named "x". Use tool_search.' } }
 */
export class ToolBridgeError extends ToolDisclosureError {
  readonly [symbol] = true;
  readonly kind: ToolBridgeErrorKind;
  /** Structured facts for the model, such as limits or validation issues; plain JSON. */
  readonly details: Readonly<Record<string, JSONValue>>;

  constructor({
    kind,
    message,
    details = {},
    cause,
  }: {
    kind: ToolBridgeErrorKind;
    message: string;
    details?: Record<string, JSONValue>;
    cause?: unknown;
  }) {
    super({ name, message, cause });
    this.kind = kind;
    this.details = Object.freeze({ ...details });
  }

  /**
   * `{ error: { kind, message, ...details } }`. `kind` and `message` always win
   * over details of the same name; the cause is never included.
   */
  toJSON(): ToolBridgeErrorJson {
    const { kind: _kind, message: _message, ...details } = this.details;
    return { error: { kind: this.kind, message: this.message, ...details } };
  }

  static override isInstance(error: unknown): error is ToolBridgeError {
    return hasMarker(error, marker);
  }
}
