import { hasMarker, ToolDisclosureError } from './tool-disclosure-error.js';

const name = 'ToolDisclosureSettingsAlreadyWrappedError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/** What showed that the settings were already wrapped. */
export type WrappedSettingsSign = 'bridge-tools' | 'wrapped-model';

/**
 * Settings given to the wrapper were made by it already: their `tools` hold
 * the `tool_search`, `tool_describe` and `tool_call` it added, or their
 * `model` is one it wrapped. Wrapping them again would catalog its own
 * bridges as the app's tools; the message says what to do instead.
 */
export class SettingsAlreadyWrappedError extends ToolDisclosureError {
  readonly [symbol] = true;
  readonly sign: WrappedSettingsSign;

  constructor({ sign }: { sign: WrappedSettingsSign }) {
    const evidence =
      sign === 'bridge-tools'
        ? 'their tools hold the tool_search, tool_describe and tool_call bridges it added'
        : 'their model is one it wrapped';
    super({
      name,
      message:
        `These settings are already wrapped by tool-disclosure (${evidence}). Wrap the settings ` +
        "you wrote once: pass the wrapped ones to ai's generateText, streamText or ToolLoopAgent, or " +
        "pass yours to tool-disclosure's generateText or streamText, which wrap them, but not both.",
    });
    this.sign = sign;
  }

  static override isInstance(error: unknown): error is SettingsAlreadyWrappedError {
    return hasMarker(error, marker);
  }
}
