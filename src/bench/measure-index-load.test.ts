import { describe, expect, it } from 'vitest';
import { createCatalog } from '../catalog/create-catalog.js';
import { padWithDistractors } from '../eval/generate-distractors.js';
import { measureIndexLoad } from './measure-index-load.js';

describe('measureIndexLoad', () => {
  it('times building the index and loading it from JSON text, in pairs', async () => {
    const catalog = await createCatalog({ definitions: padWithDistractors([], 200) });
    const measured = await measureIndexLoad({ entries: catalog.entries, pairs: 2 });
    expect(measured.tools).toBe(200);
    expect(measured.build_ms).toBeGreaterThan(0);
    expect(measured.load_ms).toBeGreaterThan(0);
    expect(measured.ratio).toBeGreaterThan(0);
    expect(measured.snapshot_bytes).toBeGreaterThan(1000);
  });
});
