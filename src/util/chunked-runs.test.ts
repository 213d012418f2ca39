import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkedRuns } from './chunked-runs.js';

describe('ChunkedRuns', () => {
  it('gives every run room of its own that keeps what was written there, and wastes little', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: 300 }), fc.nat({ max: 300 })), { maxLength: 200 }),
        (asked) => {
          let made = 0;
          const runs = new ChunkedRuns((length) => {
            made += length;
            return new Int32Array(length);
          }, 256);
          const written: number[][] = [];
          for (const [room, used] of asked) {
            const run = runs.add(room);
            const length = Math.min(room, used);
            runs.shorten(run, length);
            const values = Array.from({ length }, (_, index) => run * 1000 + index);
            runs.chunkOf(run).set(values, runs.startOf(run));
            expect(run).toBe(written.length + 1);
            expect(runs.endOf(run) - runs.startOf(run)).toBe(length);
            written.push(values);
          }
          for (const [index, values] of written.entries()) {
            const run = index + 1;
            expect([...runs.chunkOf(run).subarray(runs.startOf(run), runs.endOf(run))]).toEqual(
              values,
            );
          }
          // A shared chunk is left with less room than the run that did not fit; the last is
          // open; a long run has its own.
          const total = written.reduce((sum, values) => sum + values.length, 0);
          expect(made).toBeLessThanOrEqual(
            2 * total + 256 + asked.reduce((sum, [room]) => sum + (room > 64 ? room : 0), 0),
          );
        },
      ),
      { seed: 12_2026, numRuns: 200 },
    );
  });

  it('makes shared chunks from a sixteenth of the chunk length, doubling up to it', () => {
    const lengths: number[] = [];
    const runs = new ChunkedRuns((length) => {
      lengths.push(length);
      return new Int32Array(length);
    }, 256);
    for (let run = 0; run < 100; run++) runs.add(10);
    // 1, 3, 6, 12 and 25 runs of 10 fill the first five; 53 more, three of 256.
    expect(lengths).toEqual([0, 16, 32, 64, 128, 256, 256, 256, 256]);
  });

  it('has the empty run 0, and shortens only the last run, within its room', () => {
    const runs = new ChunkedRuns((length) => new Int32Array(length), 16);
    expect(runs.endOf(0) - runs.startOf(0)).toBe(0);
    const first = runs.add(3);
    const second = runs.add(2);
    expect(() => runs.shorten(first, 1)).toThrow(RangeError);
    expect(() => runs.shorten(second, 3)).toThrow(RangeError);
    runs.shorten(second, 1);
    // The room given back goes to the next run.
    expect(runs.startOf(runs.add(1))).toBe(runs.startOf(second) + 1);
  });
});
