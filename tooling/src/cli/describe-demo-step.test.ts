import { isStepCount, type ToolSet, tool } from 'ai';
import { generateText } from 'tool-disclosure/wrap';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { type ScriptStep, scriptedModel } from '../../../src/wrap/scripted-model.case.js';
import { describeStep } from './describe-demo-step.js';
import { recordModelCalls } from './record-model-calls.js';

const tools = {
  'mail.search': tool({
    description: 'Search email messages.',
    inputSchema: z.object({ query: z.string() }),
    execute: async ({ query }) => ({ hits: [query] }),
  }),
  'calendar.create_event': tool({
    description: 'Create a calendar event.',
    inputSchema: z.object({ title: z.string() }),
    execute: async ({ title }) => ({ id: 'evt_1', title }),
  }),
  'weather.forecast': tool({
    description: 'The weather forecast for a city.',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, sky: 'clear' }),
  }),
} satisfies ToolSet;

/** Runs the script through the wrapper above the caps; the demo's description of each step. */
async function describeRun(steps: readonly ScriptStep[]) {
  const { model, calls } = recordModelCalls(scriptedModel('generateText', steps));
  const result = await generateText({
    model,
    tools,
    prompt: 'Help me.',
    stopWhen: isStepCount(steps.length + 1),
    toolDisclosure: { maxTools: 1, environment: {} },
  });
  return {
    calls,
    steps: result.steps.map((step, index) => describeStep(step, index, calls[index])),
  };
}

describe('describeStep', () => {
  it('reports a call through tool_call as the model made it, and the app tool that ran', async () => {
    const { calls, steps } = await describeRun([
      [['s1', 'tool_search', { query: 'mail' }]],
      [['c1', 'tool_call', { name: 'mail__search', arguments: '{"query":"from:dana"}' }]],
      [],
    ]);
    expect(steps.map((step) => step.advertised)).toEqual(
      calls.map(() => ['tool_search', 'tool_describe', 'tool_call']),
    );
    expect(steps[0]?.tool_calls).toEqual([
      {
        tool: 'tool_search',
        input: { query: 'mail' },
        output: expect.objectContaining({ query: 'mail' }),
      },
    ]);
    expect(steps[1]?.tool_calls).toEqual([
      {
        tool: 'tool_call',
        input: { name: 'mail__search', arguments: { query: 'from:dana' } },
        real_tool: 'mail.search',
        arguments: { query: 'from:dana' },
        output: { hits: ['from:dana'] },
      },
    ]);
    expect(steps[2]).toMatchObject({ tool_calls: [], text: 'done' });
  });

  it('reports a direct call by another spelling with the app tool, and one by its own name as it is', async () => {
    const { steps } = await describeRun([
      [
        ['d1', 'calendar__create_event', { title: 'Review' }],
        ['d2', 'mail.search', { query: 'x' }],
      ],
      [],
    ]);
    expect(steps[0]?.tool_calls).toEqual([
      {
        tool: 'calendar__create_event',
        input: { title: 'Review' },
        real_tool: 'calendar.create_event',
        arguments: { title: 'Review' },
        output: { id: 'evt_1', title: 'Review' },
      },
      { tool: 'mail.search', input: { query: 'x' }, output: { hits: ['x'] } },
    ]);
  });

  it('reports a tool_call the wrapper refused as tool_call, with its typed error and no real tool', async () => {
    const { steps } = await describeRun([
      [['c1', 'tool_call', { name: 'billing__refund', arguments: '{}' }]],
      [],
    ]);
    const [call] = steps[0]?.tool_calls ?? [];
    expect(call).toEqual({
      tool: 'tool_call',
      input: { name: 'billing__refund', arguments: {} },
      error: expect.any(String),
    });
    expect(JSON.parse(call?.error ?? '')).toMatchObject({ error: { kind: 'unknown_tool' } });
  });
});
