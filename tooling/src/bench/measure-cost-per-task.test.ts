import type { ToolDefinition } from 'tool-disclosure/catalog';
import { describe, expect, it } from 'vitest';
import type { EvalIntent } from '../eval/eval-corpus.js';
import {
  type CostPerTaskRow,
  measureCostPerTask,
  retrievalTasks,
} from './measure-cost-per-task.js';
import { COST_PER_TASK_ARMS } from './run-retrieval-conversation.js';

const parameters = {
  type: 'object',
  properties: { id: { type: 'string' } },
  required: ['id'],
};
const tools: ToolDefinition[] = [
  ...Array.from({ length: 38 }, (_, index) => ({
    name: `misc__chore_${index}`,
    description: 'Does the work of a thing for the team with a note.',
    parameters,
  })),
  { name: 'calendar__create_event', description: 'Creates an event in a calendar.', parameters },
  { name: 'billing__send_invoice', description: 'Sends invoices to customers.', parameters },
];
const intents: EvalIntent[] = [
  {
    id: 'a',
    class: 'natural',
    query: 'create a calendar event',
    relevance: { calendar__create_event: 3, misc__chore_1: 1 },
  },
  {
    id: 'b',
    class: 'natural',
    query: 'can you send the invoices for the customers with a note',
    relevance: { billing__send_invoice: 3 },
  },
  { id: 'c', class: 'no_match', query: 'order me a large pepperoni pizza', relevance: {} },
];
const set = {
  name: 'small',
  tools,
  namespaces: { misc: { description: 'Chores.' } },
  intents,
};
const pricing = {
  anthropic: { cache_read: 0.1, cache_write: 1.25 },
  flat: { cache_read: 1, cache_write: 1 },
};

describe('retrievalTasks', () => {
  it('keeps the judged tools of grade 2 or more that are in the catalog, best first, and a shorter retry', () => {
    const tasks = retrievalTasks(
      [
        ...intents,
        {
          id: 'd',
          class: 'ambiguous',
          query: 'send it',
          relevance: { absent__tool: 3, misc__chore_2: 2, billing__send_invoice: 3 },
        },
      ],
      tools,
    );
    expect(tasks.map((task) => [task.id, [...task.targets], task.retry])).toEqual([
      ['t1', [['calendar__create_event', 3]], 'create calendar event'],
      ['t2', [['billing__send_invoice', 3]], 'send invoices customers'],
      ['t3', [], 'order large pepperoni'],
      [
        't4',
        [
          ['billing__send_invoice', 3],
          ['misc__chore_2', 2],
        ],
        'send',
      ],
    ]);
    expect(tasks.map((task) => task.ordinal)).toEqual([0, 1, 2, 3]);
  });
});

describe('measureCostPerTask', () => {
  it('gives one row per set, arm, size, conversation length, cache state and profile', async () => {
    const rows = await measureCostPerTask({
      sets: [set],
      sizes: [40],
      requestCounts: [2, 1],
      pricing,
    });
    expect(rows).toHaveLength(COST_PER_TASK_ARMS.length * 2 * 2 * 2);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'set',
      'arm',
      'tools',
      'requests',
      'cache',
      'pricing',
      'tasks',
      'no_match',
      'completed',
      'searches',
      'billed_input',
    ]);
    expect(rows.map((row) => row.requests).slice(0, 4)).toEqual([1, 1, 1, 1]);
    const of = (arm: string) => rows.filter((row) => row.arm === arm);
    for (const arm of COST_PER_TASK_ARMS) {
      // The same requests run at every length: completion and searches do not depend on it.
      const counts = new Set(of(arm).map((row) => `${row.completed}/${row.searches}`));
      expect(counts.size).toBe(1);
      for (const row of of(arm)) expect([row.tasks, row.no_match]).toEqual([2, 1]);
    }
    const first = (arm: string) => of(arm)[0] as CostPerTaskRow;
    expect([first('full').completed, first('full').searches]).toEqual([2, 0]);
    // toolSearch(): 1 + 2 searches for the two tasks, 2 for the pizza; ours finds both.
    expect([first('ai_tool_search').completed, first('ai_tool_search').searches]).toEqual([2, 2.5]);
    expect(first('namespaces').completed).toBe(2);
  });

  it('bills a warm surface no more than a cold one, and alike without a cache discount', async () => {
    const rows = await measureCostPerTask({
      sets: [set],
      sizes: [40],
      requestCounts: [1, 3],
      pricing,
    });
    const billed = (row: Partial<CostPerTaskRow>) =>
      rows.find((candidate) =>
        Object.entries(row).every(
          ([key, value]) => candidate[key as keyof CostPerTaskRow] === value,
        ),
      )?.billed_input ?? Number.NaN;
    for (const arm of COST_PER_TASK_ARMS) {
      for (const requests of [1, 3]) {
        const cold = billed({ arm, requests, cache: 'cold', pricing: 'anthropic' });
        const warm = billed({ arm, requests, cache: 'warm', pricing: 'anthropic' });
        expect(warm).toBeLessThan(cold);
        expect(billed({ arm, requests, cache: 'warm', pricing: 'flat' })).toBe(
          billed({ arm, requests, cache: 'cold', pricing: 'flat' }),
        );
      }
    }
    // One conversation of three requests caches what three conversations of one cannot.
    expect(billed({ arm: 'full', requests: 3, cache: 'cold', pricing: 'anthropic' })).toBeLessThan(
      billed({ arm: 'full', requests: 1, cache: 'cold', pricing: 'anthropic' }),
    );
    // Without a cache discount a longer conversation only adds history.
    expect(billed({ arm: 'full', requests: 3, cache: 'cold', pricing: 'flat' })).toBeGreaterThan(
      billed({ arm: 'full', requests: 1, cache: 'cold', pricing: 'flat' }),
    );
  });

  it('reports nothing per task when no task completes', async () => {
    const rows = await measureCostPerTask({
      sets: [{ ...set, intents: [intents[2] as EvalIntent] }],
      sizes: [40],
      requestCounts: [1],
      pricing: { flat: pricing.flat },
    });
    for (const row of rows) {
      expect(row).toMatchObject({ tasks: 0, no_match: 1, completed: 0 });
      expect([row.searches, row.billed_input]).toEqual([null, null]);
    }
  });
});
