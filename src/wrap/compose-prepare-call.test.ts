import { describe, expect, it } from 'vitest';
import { composePrepareCall } from './compose-prepare-call.js';
import type { SettingsRecord } from './rekey-settings.js';
import type { ToolDisclosureParams } from './tool-disclosure-options.js';

const appTools = { 'mail.send': { description: 'Send.' } };
const bridges = { tool_search: {}, tool_describe: {}, tool_call: {} };

/** A stand-in for the wrapper: records what it was asked to compose, and composes bridges above the caps. */
function fakeDisclose() {
  const asked: SettingsRecord[] = [];
  const disclose = async (params: ToolDisclosureParams) => {
    asked.push(params as SettingsRecord);
    return {
      ...(params as SettingsRecord),
      tools: bridges,
      activeTools: undefined,
    } as unknown as ToolDisclosureParams;
  };
  return { asked, disclose };
}

describe('composePrepareCall', () => {
  it("composes each call anew from the app's settings, without a prepareCall of the app's", async () => {
    const { asked, disclose } = fakeDisclose();
    const params = { tools: appTools, activeTools: ['mail.send'], system: 'Be brief.' };
    const prepareCall = composePrepareCall(params as never, disclose);
    // What the agent passes: its settings as the wrapper composed them.
    const call = await prepareCall({ tools: bridges, activeTools: undefined, prompt: 'Go.' });
    expect(asked).toEqual([{ ...params, prepareCall: undefined }]);
    expect(call).toEqual({ tools: bridges, activeTools: undefined, prompt: 'Go.' });
  });

  it("shows the app's prepareCall the settings the app wrote, and composes what it changed", async () => {
    const { asked, disclose } = fakeDisclose();
    const seen: SettingsRecord[] = [];
    const otherTools = { 'notes.add': { description: 'Add.' } };
    const params = {
      tools: appTools,
      toolApproval: { 'mail.send': 'user-approval' },
      prepareCall: (options: SettingsRecord) => {
        seen.push(options);
        return { ...options, tools: otherTools, instructions: 'Use notes.' };
      },
    };
    const prepareCall = composePrepareCall(params as never, disclose);
    const call = await prepareCall({
      tools: bridges,
      toolApproval: () => 'composed',
      prompt: 'Go.',
    });
    expect(seen[0]).toMatchObject({
      tools: appTools,
      toolApproval: params.toolApproval,
      prompt: 'Go.',
    });
    expect(asked[0]).toMatchObject({ tools: otherTools, toolApproval: params.toolApproval });
    expect(asked[0]?.prepareCall).toBeUndefined();
    expect(call).toMatchObject({
      tools: bridges,
      instructions: 'Use notes.',
      activeTools: undefined,
    });
  });

  it("keeps the app's own settings when its prepareCall hands them back unchanged", async () => {
    const { asked, disclose } = fakeDisclose();
    const params = { tools: appTools, prepareCall: (options: SettingsRecord) => options };
    await composePrepareCall(params as never, disclose)({ tools: bridges, prompt: 'Go.' });
    expect(asked[0]?.tools).toBe(appTools);
  });
});
