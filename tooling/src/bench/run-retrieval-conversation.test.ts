import type { ToolSet } from 'ai';
import type { ToolDefinition } from 'tool-disclosure/catalog';
import { describe, expect, it } from 'vitest';
import { createPrefixMeter } from './create-prefix-meter.js';
import { deferAllTools } from './defer-all-tools.js';
import {
  bestTarget,
  COST_PER_TASK_ARMS,
  type CostPerTaskArm,
  type RetrievalTask,
  runRetrievalConversation,
} from './run-retrieval-conversation.js';
import { shortenQuery } from './shorten-query.js';
import { createSizedResultTools } from './sized-result.js';

const parameters = {
  type: 'object',
  properties: { id: { type: 'string' } },
  required: ['id'],
};
// Above the caps (32 tools): filler-worded tools, then the two that do something.
const definitions: ToolDefinition[] = [
  ...Array.from({ length: 38 }, (_, index) => ({
    name: `misc__chore_${index}`,
    description: 'Does the work of a thing for the team with a note.',
    parameters,
  })),
  { name: 'calendar__create_event', description: 'Creates an event in a calendar.', parameters },
  { name: 'billing__send_invoice', description: 'Sends invoices to customers.', parameters },
];
const namespaces = {
  misc: { description: 'Chores.' },
  calendar: { description: 'Calendar events.' },
  billing: { description: 'Invoices.' },
};
const task = (ordinal: number, query: string, targets: [string, number][]): RetrievalTask => ({
  id: `t${ordinal + 1}`,
  query,
  retry: shortenQuery(query),
  targets: new Map(targets),
  ordinal,
});
const tasks = [
  task(0, 'create a calendar event', [['calendar__create_event', 3]]),
  // toolSearch() ranks the chores first on the filler words; the shorter wording finds the tool.
  task(1, 'can you send the invoices for the customers with a note', [
    ['billing__send_invoice', 3],
  ]),
  task(2, 'order me a large pepperoni pizza', []),
];
const tools = createSizedResultTools(definitions);
const toolsOf = (arm: CostPerTaskArm): ToolSet =>
  arm === 'ai_tool_search' ? deferAllTools(tools) : tools;
const run = (arm: CostPerTaskArm, meter = createPrefixMeter()) =>
  runRetrievalConversation({
    arm,
    tools: toolsOf(arm),
    parametersOf: () => parameters,
    namespaces,
    tasks,
    meter,
  });

describe('runRetrievalConversation', () => {
  it('calls the listed target directly with every tool sent: no search, and gives up without one', async () => {
    const { outcomes, requests, surfaceSegments } = await run('full');
    expect(outcomes).toEqual([
      { searches: 0, completed: true },
      { searches: 0, completed: true },
      { searches: 0, completed: false },
    ]);
    // Call and answer for each task, the answer alone for the pizza.
    expect(requests).toHaveLength(5);
    expect(surfaceSegments).toBe(definitions.length);
  });

  it('searches again with the shorter wording when toolSearch() does not show the tool, and gives up on no match', async () => {
    const { outcomes, requests, surfaceSegments } = await run('ai_tool_search');
    expect(outcomes).toEqual([
      { searches: 1, completed: true },
      { searches: 2, completed: true },
      { searches: 2, completed: false },
    ]);
    // search, call, answer; search, search, call, answer; search, search, give up.
    expect(requests).toHaveLength(10);
    expect(surfaceSegments).toBe(1);
  });

  it('completes through our tool_search and tool_call, read from the app’s steps, with an unchanging tool list', async () => {
    const meter = createPrefixMeter();
    const { outcomes, requests, surfaceSegments } = await run('namespaces', meter);
    expect(outcomes.map((outcome) => outcome.completed)).toEqual([true, true, false]);
    expect(outcomes[0]?.searches).toBe(1);
    expect(outcomes[2]?.searches).toBe(2);
    // The bridges: tool_search, tool_describe, tool_call.
    expect(surfaceSegments).toBe(3);
    const measured = meter.measure(requests);
    for (const [index, step] of measured.entries()) {
      if (index > 0) expect(step.cached).toBe(measured[index - 1]?.input);
    }
  });

  it('shows the model the same tool answer in every arm: call ids and arguments come from the task', async () => {
    const answers = new Set<string>();
    for (const arm of COST_PER_TASK_ARMS) {
      const meter = createPrefixMeter();
      const intern = meter.intern;
      meter.intern = (segments) => {
        for (const segment of segments) {
          if (segment.startsWith('{"role":"tool"') && segment.includes('"toolCallId":"t1_call"')) {
            answers.add(segment);
          }
        }
        return intern(segments);
      };
      await run(arm, meter);
    }
    expect([...answers]).toHaveLength(1);
    expect([...answers][0]).toContain('"toolName":"calendar__create_event"');
  });
});

describe('bestTarget', () => {
  it('picks the highest grade among the found tools, the first found among equals', () => {
    const targets = new Map([
      ['a', 2],
      ['b', 3],
      ['c', 3],
    ]);
    expect(bestTarget(['x', 'a', 'c', 'b'], targets)).toBe('c');
    expect(bestTarget(['x', 'a'], targets)).toBe('a');
    expect(bestTarget(['x', 'y'], targets)).toBeUndefined();
    expect(bestTarget([], new Map())).toBeUndefined();
  });
});
