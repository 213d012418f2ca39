import type { ToolExecutionOptions } from 'ai';
import type { ToolResolver } from './resolve-tool-name.js';
import type { ToolInputValidation } from './validate-tool-input.js';

/** What `runToolCall` runs: the tool the model named, with its arguments and execution options. */
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
