import { asRecord, type SettingsRecord } from './rekey-settings.js';
import type { ToolDisclosureParams } from './tool-disclosure-options.js';

/** The settings the wrapper composes, which a call of an agent gets anew from `prepareCall`. */
const composedSettings = [
  'model',
  'tools',
  'activeTools',
  'toolOrder',
  'toolsContext',
  'toolApproval',
  'repairToolCall',
  'experimental_refineToolInput',
  'prepareStep',
  'toolChoice',
  'timeout',
] as const;

type Prepare = (options: SettingsRecord) => unknown;

/**
 * Composes a `ToolLoopAgent`'s `prepareCall`. An agent's settings serve many
 * calls at once, and the user's `prepareCall` may change any setting per
 * call, tools included: each call's settings are composed anew (`disclose`,
 * the wrapper itself, with the same options) from the user's settings and
 * what their `prepareCall` returned. So a policy holds for tools a
 * `prepareCall` returns, a `toolApproval` it returns gates bridged calls, and
 * each call follows its own steps. The user's `prepareCall` sees their own
 * settings. Without one, each call is still composed anew, so
 * concurrent calls of one agent never share the state of their steps.
 */
export function composePrepareCall(
  params: ToolDisclosureParams,
  disclose: (params: ToolDisclosureParams) => Promise<ToolDisclosureParams>,
) {
  const userPrepareCall: Prepare =
    typeof params.prepareCall === 'function'
      ? (params.prepareCall as Prepare)
      : (options) => options;
  return async (callOptions: SettingsRecord) => {
    // The user's prepareCall sees the settings they wrote, not the wrapper's
    // composition of them (bridges, its own approval rule), so what it passes
    // back unchanged is theirs to compose again.
    const presented: SettingsRecord = { ...callOptions };
    for (const key of composedSettings) presented[key] = (params as SettingsRecord)[key];
    const result = asRecord(await userPrepareCall(presented));
    const callParams: SettingsRecord = { ...(params as SettingsRecord), prepareCall: undefined };
    for (const key of composedSettings) {
      if (result[key] !== undefined && result[key] !== presented[key])
        callParams[key] = result[key];
    }
    const composed = asRecord(await disclose(callParams as ToolDisclosureParams));
    const call: SettingsRecord = { ...result };
    // A setting the composition clears (activeTools, above the caps) is cleared for the call too.
    for (const key of composedSettings) {
      if (Object.hasOwn(composed, key)) call[key] = composed[key];
    }
    return call;
  };
}
