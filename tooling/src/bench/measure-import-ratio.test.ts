import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { measureImportRatio } from './measure-import-ratio.js';

const packageEntry = fileURLToPath(new URL('../../../dist/index.js', import.meta.url));

describe('measureImportRatio', () => {
  it('alternates the two imports and reports their medians and the median pair ratio', async () => {
    const imported: string[] = [];
    const ours = [300, 280, 290];
    const ai = [100, 140, 100];
    const measured = await measureImportRatio({
      packageEntry: '/app/node_modules/tool-disclosure/dist/index.js',
      pairs: 3,
      timeImport: async (specifier, cwd) => {
        expect(cwd).toBe('/app/node_modules/tool-disclosure');
        imported.push(specifier);
        return (specifier === 'ai' ? ai : ours).shift() as number;
      },
    });
    const entry = pathToFileURL('/app/node_modules/tool-disclosure/dist/index.js').href;
    expect(imported).toEqual([entry, 'ai', 'ai', entry, entry, 'ai']);
    // Pair ratios 3, 2 and 2.9.
    expect(measured).toEqual({ ours_ms: 290, ai_ms: 100, ratio: 2.9 });
  });

  it.skipIf(!existsSync(packageEntry))(
    'imports the built package and ai in fresh processes (skipped without dist/)',
    async () => {
      const measured = await measureImportRatio({ packageEntry, pairs: 1 });
      expect(Object.keys(measured)).toEqual(['ours_ms', 'ai_ms', 'ratio']);
      expect(measured.ratio).toBeCloseTo(measured.ours_ms / measured.ai_ms, 9);
    },
    30_000,
  );
});
