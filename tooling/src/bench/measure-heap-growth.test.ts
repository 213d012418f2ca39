import { describe, expect, it } from 'vitest';
import { measureHeapGrowth } from './measure-heap-growth.js';

/** A fake meter: readings in order, and a log of collections, readings and the build. */
function fakeMeter(readings: { heapUsed: number; arrayBuffers: number }[]) {
  const log: string[] = [];
  let next = 0;
  return {
    log,
    meter: {
      collect: () => {
        log.push('collect');
      },
      memoryUsage: () => {
        log.push('read');
        const reading = readings[next++];
        if (reading === undefined) throw new Error('memory read more often than scripted');
        return reading;
      },
    },
  };
}

describe('measureHeapGrowth', () => {
  it('counts heap and array-buffer bytes after two collections, before and after the build', async () => {
    const { log, meter } = fakeMeter([
      { heapUsed: 10_000, arrayBuffers: 500 },
      { heapUsed: 14_000, arrayBuffers: 8_892_608 },
    ]);
    const bytes = await measureHeapGrowth(async () => {
      log.push('build');
      return new Float64Array(4);
    }, meter);
    // 4,000 heap bytes and 8,892,108 bytes of typed-array contents.
    expect(bytes).toBe(4_000 + 8_892_108);
    expect(log).toEqual(['collect', 'collect', 'read', 'build', 'collect', 'collect', 'read']);
  });

  it('reads less memory after the build as 0, never below', async () => {
    const { meter } = fakeMeter([
      { heapUsed: 20_000, arrayBuffers: 0 },
      { heapUsed: 19_000, arrayBuffers: 0 },
    ]);
    expect(await measureHeapGrowth(async () => 1, meter)).toBe(0);
  });

  it('waits for the build to settle before the second reading', async () => {
    const { log, meter } = fakeMeter([
      { heapUsed: 0, arrayBuffers: 0 },
      { heapUsed: 64, arrayBuffers: 0 },
    ]);
    await measureHeapGrowth(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      log.push('built');
    }, meter);
    expect(log.indexOf('built')).toBeLessThan(log.lastIndexOf('read'));
  });
});
