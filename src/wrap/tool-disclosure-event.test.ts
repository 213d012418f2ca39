import { type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { createToolDisclosureCache, type ToolDisclosureOptions } from '../index.js';
import { approvingAll, type Call, runScripted } from './scripted-model.case.js';
import type { ToolDisclosureEvent } from './tool-disclosure-event.js';

function catalog(log: string[]): ToolSet {
  const simple = (name: string, description: string, needsApproval = false) =>
    tool({
      description,
      inputSchema: z.object({ to: z.string().optional() }),
      needsApproval,
      execute: async () => {
        log.push(name);
        return `${name} done`;
      },
    });
  return {
    'mail.send': simple('mail.send', 'Send an email message to a contact.', true),
    'mail.search': simple('mail.search', 'Search email messages.'),
    'calendar.create_event': simple('calendar.create_event', 'Create a calendar event.'),
    'weather.forecast': simple('weather.forecast', 'Get the weather forecast for a city.'),
    'admin.drop_db': simple('admin.drop_db', 'Drop the production database.'),
  };
}

describe.each(['generateText', 'streamText'] as const)('onEvent with %s', (kind) => {
  it('tells of the catalog and index builds, searches, descriptions, resolutions, approvals asked and answered, calls and tokens saved', async () => {
    const log: string[] = [];
    const events: ToolDisclosureEvent[] = [];
    const tools = catalog(log);
    const options: ToolDisclosureOptions = {
      maxTools: 2,
      environment: {},
      cache: createToolDisclosureCache(),
      onEvent: (event) => events.push(event),
    };
    const script: Call[][] = [
      [
        ['s1', 'tool_search', { query: 'send an email' }],
        ['d1', 'tool_describe', { name: 'mail.send' }],
      ],
      [['c1', 'tool_call', { name: 'mail.send', arguments: { to: 'ada' } }]],
    ];
    const first = await runScripted(kind, script, { tools, toolDisclosure: options });
    expect(log).toEqual([]);

    expect(events).toContainEqual(
      expect.objectContaining({ type: 'cache-rebuild', what: 'catalog' }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'cache-rebuild', what: 'index' }),
    );
    const search = events.find((event) => event.type === 'search');
    expect(search).toMatchObject({ query: 'send an email', empty: false });
    expect(search?.type === 'search' && search.results).toBeGreaterThan(0);
    expect(events).toContainEqual({ type: 'describe', tool: 'mail__send', outcome: 'described' });
    expect(events).toContainEqual({ type: 'resolve', tool: 'mail__send', nameForm: 'canonical' });
    expect(events).toContainEqual({ type: 'approval-requested', tool: 'mail__send' });
    const steps = events.filter((event) => event.type === 'step');
    expect(steps.map((step) => step.type === 'step' && step.stepNumber)).toEqual([0, 1]);
    for (const step of steps) {
      if (step.type !== 'step') continue;
      expect(step.fullTokens).toBeGreaterThan(0);
      expect(step.savedTokens).toBe(step.fullTokens - step.advertisedTokens);
    }

    events.length = 0;
    await runScripted(kind, [[]], {
      tools,
      messages: approvingAll(first),
      toolDisclosure: options,
    });
    expect(log).toEqual(['mail.send']);
    expect(events).toContainEqual({
      type: 'approval-answered',
      tool: 'mail__send',
      approved: true,
    });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'call', tool: 'mail__send', outcome: 'result' }),
    );
    // Warm: nothing was built again.
    expect(events.some((event) => event.type === 'cache-rebuild')).toBe(false);
  });

  it('never names a denied tool, whatever the model calls it', async () => {
    const log: string[] = [];
    const events: ToolDisclosureEvent[] = [];
    await runScripted(
      kind,
      [
        [
          ['c1', 'tool_call', { name: 'admin.drop_db', arguments: {} }],
          ['c2', 'admin__drop_db', {}],
          ['d1', 'tool_describe', { name: 'admin.drop_db' }],
          ['s1', 'tool_search', { query: 'database' }],
        ],
        [],
      ],
      {
        tools: catalog(log),
        toolDisclosure: {
          maxTools: 2,
          environment: {},
          policy: { deny: ['admin.*'] },
          onEvent: (event: ToolDisclosureEvent) => events.push(event),
        },
      },
    );
    expect(log).toEqual([]);
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toMatch(/drop_db/);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'call', tool: undefined, outcome: 'unknown_tool' }),
    );
  });

  it('reports a listener that throws as a warning and finishes the run', async () => {
    const warnings: string[] = [];
    const log: string[] = [];
    const options: ToolDisclosureOptions = {
      maxTools: 2,
      environment: {},
      onWarning: (message) => warnings.push(message),
      onEvent: () => {
        throw new Error('listener broke');
      },
    };
    const run = await runScripted(kind, [[['s1', 'tool_search', { query: 'weather' }]], []], {
      tools: catalog(log),
      toolDisclosure: options,
    });
    expect(run.outcomes.s1?.ok).toBe(true);
    expect(warnings.some((warning) => warning.includes('listener broke'))).toBe(true);
  });
});
