import { BRIDGE_TOOL_NAMES } from '../catalog/bridge-tool-names.js';
import { SettingsAlreadyWrappedError } from '../error/settings-already-wrapped-error.js';
import { isBridgeTool } from './create-bridge-tools.js';
import type { ToolDisclosureParams } from './tool-disclosure-options.js';
import { isWrappedModel } from './wrap-model.js';

/**
 * Throws `SettingsAlreadyWrappedError` for settings the wrapper returned above
 * the caps: their `tools` hold a bridge it made, or their `model` is one it
 * wrapped. (Below the caps the wrapper hands the app's settings back with its
 * tools as they were, and wrapping those again changes nothing.) A tool of
 * the app's own named `tool_search` is not a bridge and passes.
 *
 * @example
 * rejectWrappedSettings(withToolDisclosureSync(settings)); // throws above the caps
 */
export function rejectWrappedSettings(params: ToolDisclosureParams): void {
  const tools: unknown = params.tools;
  if (typeof tools === 'object' && tools !== null) {
    for (const name of BRIDGE_TOOL_NAMES) {
      if (Object.hasOwn(tools, name) && isBridgeTool((tools as Record<string, unknown>)[name])) {
        throw new SettingsAlreadyWrappedError({ sign: 'bridge-tools' });
      }
    }
  }
  if (isWrappedModel(params.model))
    throw new SettingsAlreadyWrappedError({ sign: 'wrapped-model' });
}
