import { describe, expect, it } from 'vitest';
import { padWithDistractors } from '../eval/generate-distractors.js';
import { measureLongDescriptionBuild } from './measure-long-description-build.js';

describe('measureLongDescriptionBuild', () => {
  it('times index builds over the tools as they are and with long descriptions, alternately', async () => {
    const measured = await measureLongDescriptionBuild({
      definitions: padWithDistractors([], 50),
      descriptionBytes: 8_192,
      builds: 2,
    });
    expect(measured).toMatchObject({ tools: 50, description_bytes: 8_192 });
    expect(measured.ordinary_build_ms).toBeGreaterThan(0);
    expect(measured.long_build_ms).toBeGreaterThan(0);
    expect(measured.ratio).toBeCloseTo(measured.long_build_ms / measured.ordinary_build_ms, 9);
  });
});
