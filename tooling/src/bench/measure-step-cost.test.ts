import type { ToolSet } from 'ai';
import type { ToolDefinition } from 'tool-disclosure/catalog';
import { describe, expect, it } from 'vitest';
import { generateDistractors } from '../eval/generate-distractors.js';
import { createBenchTools } from './create-bench-tools.js';
import { describeBenchParameters } from './describe-bench-parameters.js';
import { measureStepCost, STEP_COST_STEPS } from './measure-step-cost.js';

const clock: ToolDefinition = {
  name: 'builtin__current_time',
  description: 'Get the current date and time, optionally in a specific IANA time zone.',
  parameters: {
    type: 'object',
    properties: { timezone: { type: 'string', description: 'IANA time zone name' } },
    required: [],
  },
};
const definitions = describeBenchParameters([clock, ...generateDistractors(199)]);
const run = { target: clock.name, input: { timezone: 'Europe/Berlin' }, query: 'current time' };

/** A clock that moves 1 ms at each reading: every timed run takes 1 ms. */
function tickingClock(): () => number {
  let now = 0;
  return () => ++now;
}

describe('measureStepCost', () => {
  for (const catalog of ['json_schema', 'zod'] as const) {
    it(`runs both arms as scripted over a ${catalog} catalog, and divides by the steps`, async () => {
      const executed: string[] = [];
      const tools = createBenchTools(
        definitions,
        (name) => {
          executed.push(name);
          return { ok: true };
        },
        catalog,
      );
      const cost = await measureStepCost({
        ...run,
        tools,
        pairs: 3,
        warmUpPairs: 1,
        now: tickingClock(),
      });
      expect(cost).toEqual({
        ours_ms_per_step: 1 / STEP_COST_STEPS,
        plain_ai_ms_per_step: 1 / STEP_COST_STEPS,
        ratio: 1,
      });
      // Four runs of each arm: ours executes the target once (after its search), plain ai's twice.
      expect(executed).toEqual(Array(4 * (1 + 2)).fill(clock.name));
    });
  }

  it('refuses a target that is not a tool, and a run that does not go as scripted', async () => {
    const tools = createBenchTools(definitions);
    await expect(measureStepCost({ ...run, tools, target: 'no_such_tool' })).rejects.toThrow(
      'is not among the tools',
    );
    // Invalid arguments: the target's call fails in both arms.
    await expect(
      measureStepCost({ ...run, tools, input: { timezone: 42 }, pairs: 1, warmUpPairs: 0 }),
    ).rejects.toThrow(/the step cost's run through (ours|plain_ai) ran/);
  });

  it('refuses a target the wrapper advertises: the run would not measure a bridged call', async () => {
    const small: ToolSet = createBenchTools(definitions.slice(0, 3));
    await expect(
      measureStepCost({ ...run, tools: small, pairs: 1, warmUpPairs: 0 }),
    ).rejects.toThrow("the step cost's run through ours");
  });
});
