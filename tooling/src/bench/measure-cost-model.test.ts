import type { ToolDefinition } from 'tool-disclosure/catalog';
import { describe, expect, it } from 'vitest';
import {
  COST_MODEL_ARMS,
  costModelTasks,
  measureCostModel,
  measureRequests,
  priceSteps,
  runCostModelArm,
} from './measure-cost-model.js';
import { PRICING_PROFILES } from './pricing-profiles.js';
import { sampleArguments } from './sample-arguments.js';
import { sizedResult } from './sized-result.js';

const definitions: ToolDefinition[] = Array.from({ length: 40 }, (_, index) => ({
  name: `crm__tool_${index}`,
  description: `Looks up record kind ${index} in the customer database by its identifier.`,
  parameters: {
    type: 'object',
    properties: { id: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 50 } },
    required: ['id', 'limit'],
  },
}));
const namespaces = { crm: { description: 'Customer records.' } };
const intents = [3, 17, 29].map((index) => ({
  id: String(index),
  class: 'parameter',
  query: `record kind ${index} customer database`,
  relevance: { [`crm__tool_${index}`]: 3 as const },
}));
const tasks = costModelTasks(intents, definitions);

describe('runCostModelArm', () => {
  it('takes every step through each arm, with a history that grows and a cached prefix below the input', async () => {
    for (const arm of COST_MODEL_ARMS) {
      const steps = await runCostModelArm({ arm, definitions, namespaces, tasks, steps: 12 });
      expect(steps).toHaveLength(12);
      expect(steps[0]?.cached).toBe(0);
      for (const [index, step] of steps.entries()) {
        expect(step.cached).toBeLessThanOrEqual(step.input);
        if (index > 0) expect(step.input).toBeGreaterThan((steps[index - 1]?.input ?? 0) + 100);
      }
    }
  });

  it('keeps the whole previous request as the prefix for ours without promotion, and not for the SDK after a search', async () => {
    const ours = await runCostModelArm({
      arm: 'namespaces',
      definitions,
      namespaces,
      tasks,
      steps: 8,
    });
    for (const [index, step] of ours.entries()) {
      if (index > 0) expect(step.cached).toBe(ours[index - 1]?.input);
    }
    const sdk = await runCostModelArm({
      arm: 'ai_tool_search',
      definitions,
      namespaces,
      tasks,
      steps: 8,
    });
    // Step 2 loads the found tools: the tool list changed, so the cached prefix stops in the tools.
    expect(sdk[1]?.cached).toBeLessThan(sdk[0]?.input ?? 0);
  });

  it('sends a smaller first request with the small header budget', async () => {
    const many = Array.from({ length: 400 }, (_, index) => ({
      ...(definitions[index % definitions.length] as ToolDefinition),
      name: `crm__tool_${index}`,
    }));
    const run = (headerBudget?: 'small') =>
      runCostModelArm({
        arm: 'namespaces',
        definitions: many,
        namespaces,
        tasks,
        steps: 3,
        ...(headerBudget ? { headerBudget } : {}),
      });
    const [standard, small] = await Promise.all([run(), run('small')]);
    expect(small[0]?.input).toBeLessThan(standard[0]?.input ?? 0);
  });
});

describe('measureRequests and priceSteps', () => {
  it('counts shared leading segments and the common start of the first differing one', () => {
    const measured = measureRequests([
      ['one two three four five six'],
      ['one two three four five six', 'seven'],
      ['one two three nine ten eleven', 'seven'],
    ]);
    expect(measured[0]).toEqual({ input: expect.any(Number), cached: 0 });
    expect(measured[1]?.cached).toBe(measured[0]?.input);
    expect(measured[2]?.cached).toBeGreaterThan(0);
    expect(measured[2]?.cached).toBeLessThan(measured[0]?.input ?? 0);
  });

  it('bills the cached prefix at the read rate and the rest at the write rate', () => {
    const priced = priceSteps(
      [
        { input: 100, cached: 0 },
        { input: 200, cached: 100 },
        { input: 300, cached: 200 },
      ],
      2,
      { cache_read: 0.1, cache_write: 1.25 },
    );
    expect(priced).toEqual({ input_tokens: 300, cached_tokens: 100, billed_input: 260 });
  });
});

describe('measureCostModel', () => {
  it('gives one row per arm, size, run length and profile, shorter runs summing the longer run’s first steps', async () => {
    const rows = await measureCostModel({
      definitionsOf: (size) => definitions.slice(0, size),
      namespaces,
      intents,
      sizes: [40],
      stepCounts: [6, 3],
      pricing: PRICING_PROFILES,
    });
    expect(rows).toHaveLength(COST_MODEL_ARMS.length * 2 * 3);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'arm',
      'tools',
      'steps',
      'pricing',
      'input_tokens',
      'cached_tokens',
      'billed_input',
    ]);
    const full3 = rows.find(
      (row) => row.arm === 'full' && row.steps === 3 && row.pricing === 'openai',
    );
    const full6 = rows.find(
      (row) => row.arm === 'full' && row.steps === 6 && row.pricing === 'openai',
    );
    expect(full3?.input_tokens).toBeLessThan(full6?.input_tokens ?? 0);
  });
});

describe('tool results and arguments', () => {
  it('answers 1–2 KB of JSON that depends only on the tool and the call id', () => {
    for (const id of ['call_1', 'call_2', 'call_37']) {
      const size = JSON.stringify(sizedResult('crm__tool_1', id)).length;
      expect(size).toBeGreaterThanOrEqual(900);
      expect(size).toBeLessThanOrEqual(2048);
    }
    expect(sizedResult('a', 'call_1')).toEqual(sizedResult('a', 'call_1'));
    expect(sizedResult('a', 'call_1')).not.toEqual(sizedResult('a', 'call_2'));
  });

  it('fills required properties within their constraints', () => {
    expect(
      sampleArguments(
        {
          type: 'object',
          properties: {
            kind: { enum: ['a', 'b'] },
            count: { type: 'integer', minimum: 3, maximum: 4 },
            name: { type: 'string', minLength: 8 },
          },
          required: ['kind', 'count', 'name'],
        },
        1,
      ),
    ).toEqual({ kind: 'b', count: 4, name: 'item-2xx' });
  });
});
