import type { ToolBridgeErrorKind } from '../error/tool-bridge-error.js';
import { describeError } from '../util/describe-error.js';

/**
 * What the wrapper tells an app's `onEvent` listener. Tools are named by wire
 * name, and only when the name resolved to an authorized tool: no event ever
 * carries the name of a denied tool, or of one the model made up.
 */
export type ToolDisclosureEvent =
  | {
      /** The model searched with `tool_search`. */
      readonly type: 'search';
      /**
       * The query as searched (trimmed), or undefined when it was not a string; one
       * over 1,024 UTF-8 bytes (`query_too_long`) is cut to them, ending with "…".
       */
      readonly query: string | undefined;
      readonly results: number;
      readonly empty: boolean;
      readonly ms: number;
      /** Why the search failed, when it did (`query_too_long`, `invalid_arguments`). */
      readonly error?: ToolBridgeErrorKind;
    }
  | {
      /** The model asked for a tool's description with `tool_describe`. */
      readonly type: 'describe';
      readonly tool: string | undefined;
      readonly outcome: 'described' | ToolBridgeErrorKind;
    }
  | {
      /** A deferred tool ran (or failed) through `tool_call`, called so or routed from a direct call. */
      readonly type: 'call';
      readonly tool: string | undefined;
      readonly outcome: 'result' | ToolBridgeErrorKind;
      readonly ms: number;
    }
  | {
      /** A call's name was resolved before approval: which spelling the model used, or none. */
      readonly type: 'resolve';
      readonly tool: string | undefined;
      readonly nameForm: ToolNameForm | 'unresolved';
    }
  | {
      /** A call of a tool was put to the user for approval. */
      readonly type: 'approval-requested';
      readonly tool: string;
    }
  | {
      /** The user answered an approval request of a bridged call (read from the messages a request resumes with). */
      readonly type: 'approval-answered';
      readonly tool: string | undefined;
      readonly approved: boolean;
    }
  | {
      /** A catalog or a search index was built rather than taken from the cache. */
      readonly type: 'cache-rebuild';
      readonly what: 'catalog' | 'index';
      readonly tools: number;
      readonly ms: number;
    }
  | {
      /** A step is about to be sent: the tokens of the tool definitions it advertises, and those saved. */
      readonly type: 'step';
      readonly stepNumber: number;
      readonly advertisedTokens: number;
      readonly fullTokens: number;
      readonly savedTokens: number;
    };

/** The spellings a model may use for a tool's name. */
export type ToolNameForm = 'wire' | 'canonical' | 'encoded' | 'key' | 'bare' | 'case-insensitive';

/** An event listener as the wrapper calls it: one that cannot throw into the agent loop. */
export type EmitEvent = (event: ToolDisclosureEvent) => void;

/**
 * The listener the wrapper calls: the app's `onEvent`, with anything it throws
 * reported as a warning instead of breaking the run; a no-op without one.
 */
export function createEmitter(
  onEvent: ((event: ToolDisclosureEvent) => void | Promise<void>) | undefined,
  onWarning: (message: string) => void,
): EmitEvent | undefined {
  if (onEvent === undefined) return undefined;
  return (event) => {
    const report = (error: unknown) =>
      onWarning(`onEvent threw on a "${event.type}" event: ${describeError(error)}`);
    try {
      const result: unknown = onEvent(event);
      // An async listener's rejection would otherwise surface as an unhandled rejection.
      if (result instanceof Promise) result.catch(report);
    } catch (error) {
      report(error);
    }
  };
}
