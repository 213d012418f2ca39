import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { measureColdProcess } from './measure-cold-process.js';

const packageEntry = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const built = existsSync(packageEntry);

describe('measureColdProcess', () => {
  it.skipIf(!built)(
    `times whole cold processes of plain ai and of the wrapper, in pairs${built ? '' : ' (skipped: dist/ is not built; npm run build)'}`,
    async () => {
      const measured = await measureColdProcess({ packageEntry, tools: 50, pairs: 1 });
      expect(measured.tools).toBe(50);
      expect(measured.plain_ms).toBeGreaterThan(0);
      expect(measured.ours_ms).toBeGreaterThan(0);
      expect(measured.ratio).toBeCloseTo(measured.ours_ms / measured.plain_ms, 9);
    },
    30_000,
  );
});
