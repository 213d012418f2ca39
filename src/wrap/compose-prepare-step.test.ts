import { jsonSchema, type LanguageModel, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { composePrepareStep } from './compose-prepare-step.js';
import type { ModelView } from './create-model-view.js';
import { requestNames } from './request-names.case.js';

const anyObject = jsonSchema({ type: 'object' });
const tools = {
  'mail.send': tool({ description: 'Send an email.', inputSchema: anyObject }),
  'mail.list': tool({ description: 'List emails.', inputSchema: anyObject }),
};
const { names } = requestNames(tools);

/** A composed prepareStep over a fake view that records each step it enters, and what it was told. */
function compose(userPrepareStep: unknown, userActiveTools?: unknown) {
  const entered: { reach: readonly string[] | undefined; promoted: readonly CatalogEntry[] }[] = [];
  const steps: number[] = [];
  const view = {
    enterStep: (reach: readonly string[] | undefined, promoted: readonly CatalogEntry[]) =>
      entered.push({ reach, promoted }),
  } as unknown as ModelView;
  const promotedEntry = names.entryOf('mail.list') as CatalogEntry;
  const prepareStep = composePrepareStep(
    {
      view,
      names,
      reachOf: (activeTools) =>
        Array.isArray(activeTools) ? activeTools.map((name) => `reach:${name}`) : undefined,
      userActiveTools,
      toolOrderOf: (order) => ['ordered', ...(Array.isArray(order) ? order : [])],
      promoted: (runSteps) =>
        Array.isArray(runSteps) && runSteps.length > 0 ? [promotedEntry] : [],
      wrapModel: (model: LanguageModel) => ({ wrapped: model }) as unknown as LanguageModel,
      onStep: (stepNumber) => steps.push(stepNumber),
    },
    userPrepareStep,
  );
  return { prepareStep, entered, steps, promotedEntry };
}

describe('composePrepareStep', () => {
  it("enters each step with the settings' reach and the promoted tools, and clears activeTools for ai", async () => {
    const { prepareStep, entered, steps, promotedEntry } = compose(undefined, ['mail.send']);
    expect(await prepareStep({ stepNumber: 0, steps: [] })).toEqual({ activeTools: undefined });
    expect(await prepareStep({ stepNumber: 1, steps: [{}] })).toEqual({ activeTools: undefined });
    expect(entered).toEqual([
      { reach: ['reach:mail.send'], promoted: [] },
      { reach: ['reach:mail.send'], promoted: [promotedEntry] },
    ]);
    expect(steps).toEqual([0, 1]);
  });

  it("shows the app's prepareStep its own step options, and takes the activeTools it chose as the reach", async () => {
    const seen: unknown[] = [];
    const { prepareStep, entered } = compose(
      (options: { activeTools?: unknown }) => {
        seen.push(options.activeTools);
        return { activeTools: ['mail__list'] };
      },
      ['mail.send'],
    );
    const options = { stepNumber: 0, steps: [], activeTools: ['mail.send'] };
    expect(await prepareStep(options)).toEqual({ activeTools: undefined });
    expect(seen).toEqual([['mail.send']]);
    expect(entered[0]?.reach).toEqual(['reach:mail__list']);
  });

  it("keeps the settings' reach when the app's prepareStep hands back the activeTools it was given", async () => {
    const { prepareStep, entered } = compose(
      (options: { activeTools?: unknown }) => ({ activeTools: options.activeTools }),
      ['mail.send'],
    );
    await prepareStep({ stepNumber: 0, steps: [], activeTools: ['tool_search'] });
    expect(entered[0]?.reach).toEqual(['reach:mail.send']);
  });

  it('wraps a model it returns, and keys its toolChoice, toolOrder and toolsContext by the app names', async () => {
    const model = new MockLanguageModelV4();
    const { prepareStep } = compose(() => ({
      model,
      toolChoice: { type: 'tool', toolName: 'mail__send' },
      toolOrder: ['mail.list'],
      toolsContext: { mail__send: { from: 'ada@example.com' } },
      system: 'Be brief.',
    }));
    expect(await prepareStep({ stepNumber: 0, steps: [] })).toEqual({
      model: { wrapped: model },
      toolChoice: { type: 'tool', toolName: 'mail.send' },
      toolOrder: ['ordered', 'mail.list'],
      toolsContext: { 'mail.send': { from: 'ada@example.com' } },
      system: 'Be brief.',
      activeTools: undefined,
    });
  });
});
