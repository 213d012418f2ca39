import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadEvalCorpus } from '../eval/load-eval-corpus.js';
import { measureColdSearchProcess } from './measure-cold-search-process.js';

const packageEntry = fileURLToPath(new URL('../../../dist/index.js', import.meta.url));
const corpusFile = fileURLToPath(new URL('../../corpus/judged-corpus.json', import.meta.url));

describe('measureColdSearchProcess', () => {
  it('alternates the two processes and reports their medians and the median pair ratio', async () => {
    const corpus = await loadEvalCorpus(corpusFile);
    const scripts: string[] = [];
    const ours = [600, 500, 550];
    const toolSearch = [400, 500, 500];
    const measured = await measureColdSearchProcess({
      packageEntry: '/app/node_modules/tool-disclosure/dist/index.js',
      definitions: corpus.tools,
      pairs: 3,
      runProcess: async (script, cwd) => {
        expect(cwd).toBe('/app/node_modules/tool-disclosure');
        scripts.push(script);
        return (script.includes('toolSearch()') ? toolSearch : ours).shift() as number;
      },
    });
    // Pair ratios 1.5, 1 and 1.1.
    expect(measured).toEqual({
      tools: corpus.tools.length,
      ours_ms: 550,
      tool_search_ms: 500,
      ratio: 1.1,
    });
    const [oursScript, sdkScript] = scripts as [string, string];
    expect(oursScript).toContain(
      'import { generateText } from "file:///app/node_modules/tool-disclosure/dist/index.js"',
    );
    expect(oursScript).toContain("toolDisclosure: { mode: 'namespaces'");
    expect(oursScript).not.toContain('deferLoading');
    expect(sdkScript).toContain('import { generateText } from "ai"');
    expect(sdkScript).toContain('deferLoading: true');
    expect(sdkScript).not.toContain('toolDisclosure');
  });

  it.skipIf(!existsSync(packageEntry))(
    'runs both processes to a search that finds a tool (skipped without dist/)',
    async () => {
      const corpus = await loadEvalCorpus(corpusFile);
      const measured = await measureColdSearchProcess({
        packageEntry,
        definitions: corpus.tools,
        pairs: 1,
      });
      expect(Object.keys(measured)).toEqual(['tools', 'ours_ms', 'tool_search_ms', 'ratio']);
      expect(measured.ratio).toBeCloseTo(measured.ours_ms / measured.tool_search_ms, 9);
    },
    30_000,
  );

  it.skipIf(!existsSync(packageEntry))(
    'fails when the search finds nothing, rather than report a time',
    async () => {
      const corpus = await loadEvalCorpus(corpusFile);
      await expect(
        measureColdSearchProcess({
          packageEntry,
          definitions: corpus.tools,
          query: 'zzzqx',
          pairs: 1,
        }),
      ).rejects.toThrow('found no tool');
    },
    30_000,
  );
});
