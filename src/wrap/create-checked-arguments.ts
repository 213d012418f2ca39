import type { ToolInputValidation } from '../bridge/validate-tool-input.js';

/**
 * What the approval check of a bridged call found its arguments to be, kept
 * for the call's execution. Plain `ai` validates a call's input once and
 * approves and runs that one answer; a bridged call is validated by the
 * approval check and again by `tool_call`, and a schema whose answer changes
 * between the two (a check of outside state, of the time, an async lookup)
 * would otherwise let a gated tool run unasked: found invalid, so not asked
 * about, then found valid and run. Keyed by the call's input object, which
 * the SDK hands to the approval rule and then to `execute` (a lookup that
 * misses only means `tool_call` validates, as before).
 */
export interface CheckedArguments {
  /** Records the validation of the arguments of `input` (a `tool_call` input) for the tool `wireName`. */
  set(input: unknown, wireName: string, validation: ToolInputValidation): void;
  /** The validation recorded for `input` and the tool `wireName`, if any. */
  get(input: unknown, wireName: string): ToolInputValidation | undefined;
}

/**
 * Creates the checked arguments of one request: nothing is shared between requests.
 *
 * @example
 * const checked = createCheckedArguments();
 * checked.set(toolCall.input, 'wire__transfer', { success: false, issues });
 * checked.get(toolCall.input, 'wire__transfer'); // { success: false, issues }
 */
export function createCheckedArguments(): CheckedArguments {
  const checked = new WeakMap<object, { wireName: string; validation: ToolInputValidation }>();
  const isKey = (input: unknown): input is object => input !== null && typeof input === 'object';
  return Object.freeze({
    set(input: unknown, wireName: string, validation: ToolInputValidation) {
      if (isKey(input)) checked.set(input, { wireName, validation });
    },
    get(input: unknown, wireName: string) {
      const found = isKey(input) ? checked.get(input) : undefined;
      return found?.wireName === wireName ? found.validation : undefined;
    },
  });
}
