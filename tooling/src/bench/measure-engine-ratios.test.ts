import type { SearchIndex } from 'tool-disclosure/search';
import { describe, expect, it } from 'vitest';
import { measureEngineRatios } from './measure-engine-ratios.js';
import { scriptedClock } from './scripted-clock.case.js';

/** An index that records what it was asked and finds nothing. */
function recordingIndex(name: string, log: string[]): SearchIndex {
  return {
    async search(query) {
      log.push(`${name}:${query}`);
      return [];
    },
  };
}

describe('measureEngineRatios', () => {
  it('rotates the order query by query and divides our p50 and p99 by each engine', async () => {
    const log: string[] = [];
    const rows = await measureEngineRatios({
      catalog: 'bench',
      entries: [],
      queries: ['a', 'b'],
      ours: recordingIndex('ours', log),
      engines: { other: () => recordingIndex('other', log) },
      // Timed: a through ours (1 ms) then other (2), b through other (4) then ours (3).
      now: scriptedClock([1, 2, 4, 3]).now,
    });
    expect(log).toEqual([
      // The untimed pass.
      'ours:a',
      'other:a',
      'ours:b',
      'other:b',
      // The timed pass.
      'ours:a',
      'other:a',
      'other:b',
      'ours:b',
    ]);
    // Ours 1 and 3 ms, the engine's 2 and 4: p50 1 / 2, p99 3 / 4.
    expect(rows).toEqual([
      {
        catalog: 'bench',
        tools: 0,
        engine: 'other',
        search_p50_ratio: 0.5,
        search_p99_ratio: 0.75,
      },
    ]);
  });

  it('tells ours from an engine of the same name by position, and reports 0 for no time', async () => {
    const log: string[] = [];
    const rows = await measureEngineRatios({
      catalog: 'realistic',
      entries: [],
      queries: ['a'],
      ours: recordingIndex('ours', log),
      engines: { ours: () => recordingIndex('engine', log) },
      passes: 2,
      now: scriptedClock([5, 0, 0, 5]).now,
    });
    expect(log.slice(2)).toEqual(['ours:a', 'engine:a', 'engine:a', 'ours:a']);
    expect(rows).toEqual([
      { catalog: 'realistic', tools: 0, engine: 'ours', search_p50_ratio: 0, search_p99_ratio: 0 },
    ]);
  });
});
