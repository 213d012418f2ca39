import { describe, expect, it } from 'vitest';
import { generateDistractors } from '../eval/generate-distractors.js';
import { describeBenchParameters } from './describe-bench-parameters.js';

describe('describeBenchParameters', () => {
  it('describes every property that has no description, and keeps the ones that have', () => {
    const [distractor] = describeBenchParameters(generateDistractors(1));
    expect(distractor?.parameters?.properties).toEqual({
      batch_id: {
        type: 'string',
        description: 'Identifier of the batch, as returned when it was listed',
      },
      cursor: {
        type: 'string',
        description: 'Opaque cursor from the previous page of results; omit for the first page',
      },
      limit: { type: 'integer', description: 'Most results to return, from 1 to 100' },
    });
    const described = {
      name: 'clock',
      parameters: {
        type: 'object' as const,
        properties: {
          timezone: { type: 'string' as const, description: 'IANA zone' },
          time_format: { type: 'string' as const },
          constructor: { type: 'string' as const },
        },
      },
    };
    expect(describeBenchParameters([described])[0]?.parameters?.properties).toEqual({
      timezone: { type: 'string', description: 'IANA zone' },
      time_format: { type: 'string', description: 'Time format' },
      constructor: { type: 'string', description: 'Constructor' },
    });
  });

  it('leaves definitions without parameters as they are, and its input unchanged', () => {
    const definitions = [{ name: 'ping' }, ...generateDistractors(1)];
    const before = JSON.stringify(definitions);
    expect(describeBenchParameters(definitions)[0]).toBe(definitions[0]);
    expect(JSON.stringify(definitions)).toBe(before);
  });
});
