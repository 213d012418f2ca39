import { describe, expect, it } from 'vitest';
import { generateDistractors } from '../eval/generate-distractors.js';
import { APP_HOLDINGS } from './app-holding.js';
import { holdTools, measureAppPattern } from './measure-app-pattern.js';
import { scriptedClock } from './scripted-clock.case.js';

const definitions = generateDistractors(200);

describe('measureAppPattern', () => {
  it('reports the medians of each arm and the median of the per-pair ratios, in pair order', async () => {
    // Pairs alternate which arm goes first: ours, plain; plain, ours; ours, plain.
    const row = await measureAppPattern({
      definitions,
      holding: 'record',
      pairs: 3,
      warmUpPairs: 0,
      now: scriptedClock([2, 10, 20, 4, 3, 10]).now,
    });
    expect(row).toEqual({ tools: 200, holding: 'record', ms: 3, plain_ai_ms: 10, ratio: 0.2 });
  });

  for (const holding of APP_HOLDINGS) {
    it(`runs both arms over tools held as ${holding}, warm-up pairs untimed`, async () => {
      const row = await measureAppPattern({
        definitions,
        holding,
        pairs: 1,
        warmUpPairs: 1,
        // Two untimed runs read the clock as well.
        now: scriptedClock([1, 1, 6, 12]).now,
      });
      expect(row).toEqual({ tools: 200, holding, ms: 6, plain_ai_ms: 12, ratio: 0.5 });
    });
  }

  it('refuses a catalog the wrapper does not defer: its request is not the deferred one', async () => {
    await expect(
      measureAppPattern({ definitions: definitions.slice(0, 3), holding: 'record', pairs: 1 }),
    ).rejects.toThrow("the app pattern's request through ours sent the model 3 tools");
  });
});

describe('holdTools', () => {
  it('hands every request the same record, frozen as the holding says', () => {
    const record = holdTools(definitions, 'record');
    expect(record()).toBe(record());
    expect(Object.isFrozen(record())).toBe(false);

    const frozen = holdTools(definitions, 'frozen');
    expect(frozen()).toBe(frozen());
    expect(Object.isFrozen(frozen())).toBe(true);
    expect(Object.values(frozen()).some((tool) => Object.isFrozen(tool))).toBe(false);

    const freezeTools = holdTools(definitions, 'freeze_tools');
    expect(freezeTools()).toBe(freezeTools());
    expect(Object.values(freezeTools()).every((tool) => Object.isFrozen(tool))).toBe(true);
  });

  it('hands every request new tool objects of the same content for fresh_objects', () => {
    const fresh = holdTools(definitions, 'fresh_objects');
    const [first, second] = [fresh(), fresh()];
    expect(first).not.toBe(second);
    expect(Object.keys(first)).toEqual(Object.keys(second));
    const name = Object.keys(first)[0] as string;
    expect(first[name]).not.toBe(second[name]);
    expect(first[name]?.description).toBe(second[name]?.description);
  });
});
