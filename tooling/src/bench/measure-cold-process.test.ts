import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { measureColdProcess } from './measure-cold-process.js';
import { scriptedClock } from './scripted-clock.case.js';

const packageEntry = fileURLToPath(import.meta.resolve('tool-disclosure'));
const built = existsSync(packageEntry);

describe('measureColdProcess', () => {
  it.skipIf(!built)(
    `runs whole cold processes of plain ai and of the wrapper in alternating pairs, and divides the medians${built ? '' : ' (skipped: dist/ is not built; npm run build)'}`,
    async () => {
      // Pairs alternate which goes first: plain, ours | ours, plain | plain, ours.
      const clock = scriptedClock([100, 300, 240, 120, 90, 200]);
      const measured = await measureColdProcess({
        packageEntry,
        tools: 5,
        pairs: 3,
        now: clock.now,
      });
      // Plain: 100, 120, 90 (median 100); ours: 300, 240, 200 (median 240). The ratio is of the
      // medians, not the median of the pairs' ratios (2.22).
      expect(measured).toEqual({ tools: 5, plain_ms: 100, ours_ms: 240, ratio: 2.4 });
      expect(clock.unused()).toBe(0);
    },
    30_000,
  );
});
