import { createCatalog } from 'tool-disclosure/catalog';
import { describe, expect, it } from 'vitest';
import { generateDistractors } from '../eval/generate-distractors.js';
import { measureFloorRatios } from './measure-floor-ratios.js';

describe('measureFloorRatios', () => {
  it('compares the default ranker with the floor engine on one catalog, as positive ratios', async () => {
    const { entries } = await createCatalog({ definitions: generateDistractors(60) });
    const measured = await measureFloorRatios({
      catalog: 'bench',
      entries,
      queries: ['archive records', 'verify checksum', 'telemetry snapshot history'],
      builds: 2,
    });
    expect(Object.keys(measured.ratio)).toEqual([
      'catalog',
      'tools',
      'search_p50_ratio',
      'search_p99_ratio',
      'build_ratio',
      'heap_ratio',
    ]);
    expect(measured.ratio.catalog).toBe('bench');
    expect(measured.ratio.tools).toBe(60);
    for (const key of ['search_p50_ratio', 'search_p99_ratio', 'build_ratio'] as const) {
      expect(measured.ratio[key]).toBeGreaterThan(0);
    }
    expect(measured.ratio.heap_ratio).toBeGreaterThanOrEqual(0);
    expect(measured.floor.search_p50_ms).toBeLessThanOrEqual(measured.floor.search_p99_ms);
    expect(measured.ours.build_ms).toBeGreaterThan(0);
    // The default ranker's index is handed on, for later measurements on the same catalog.
    expect((await measured.index.search('verify checksum', 1))[0]?.entry.localName).toMatch(
      /^verify_checksum_/,
    );
  });
});
