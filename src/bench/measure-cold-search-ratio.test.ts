import { describe, expect, it } from 'vitest';
import { padWithDistractors } from '../eval/generate-distractors.js';
import { measureColdSearchRatio } from './measure-cold-search-ratio.js';

const clock = {
  name: 'builtin__current_time',
  description: 'Get the current time in a time zone',
  parameters: {
    type: 'object' as const,
    properties: { timezone: { type: 'string' as const } },
    required: ['timezone'],
  },
};

describe('measureColdSearchRatio', () => {
  it('times a cold request that searches through ours and through the SDK, in pairs', async () => {
    const measured = await measureColdSearchRatio({
      definitions: padWithDistractors([clock], 100),
      pairs: 2,
    });
    expect(measured.ours_ms).toBeGreaterThan(0);
    expect(measured.sdk_ms).toBeGreaterThan(0);
    expect(measured.ratio).toBeGreaterThan(0);
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
