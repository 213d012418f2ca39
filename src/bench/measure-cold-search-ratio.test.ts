import { describe, expect, it } from 'vitest';
import { padWithDistractors } from '../eval/generate-distractors.js';
import { measureColdSearchRatio } from './measure-cold-search-ratio.js';
import { scriptedClock } from './scripted-clock.case.js';

const clockTool = {
  name: 'builtin__current_time',
  description: 'Get the current time in a time zone',
  parameters: {
    type: 'object' as const,
    properties: { timezone: { type: 'string' as const } },
    required: ['timezone'],
  },
};

describe('measureColdSearchRatio', () => {
  it("times cold requests through ours and through the SDK in pairs, after five untimed pairs, and reports the median of the pairs' ratios", async () => {
    // Five warm-up pairs (ours, then the SDK's), then three timed pairs alternating which goes
    // first: ours, SDK | SDK, ours | ours, SDK.
    const warmUp = Array.from({ length: 10 }, () => 1_000);
    const clock = scriptedClock([...warmUp, 10, 5, 4, 12, 9, 3]);
    const measured = await measureColdSearchRatio({
      definitions: padWithDistractors([clockTool], 100),
      pairs: 3,
      now: clock.now,
    });
    // Pair ratios 2, 3 and 3: their median is 3, where the ratio of the medians would be 10 / 4.
    expect(measured).toEqual({ ratio: 3, ours_ms: 10, sdk_ms: 4 });
    expect(clock.unused()).toBe(0);
  });

  it('throws when a search finds nothing, rather than reporting a plausible number', async () => {
    const unrelated = padWithDistractors([], 100).map((tool) => ({
      ...tool,
      description: 'Archive things.',
    }));
    await expect(measureColdSearchRatio({ definitions: unrelated, pairs: 1 })).rejects.toThrow(
      'found no tool',
    );
  });
});
