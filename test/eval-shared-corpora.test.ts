import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createCatalog } from '../src/catalog/create-catalog.js';
import { loadEvalCorpus } from '../src/eval/load-eval-corpus.js';

const benchmarks = fileURLToPath(new URL('../../shared/benchmarks/', import.meta.url));

// The shared benchmarks are public data read from ../shared; they are not part of this repository.
describe.runIf(existsSync(benchmarks))('evaluation corpora (needs ../shared/benchmarks)', () => {
  it('loads ironclaw, toollens and apigen with their counts, every judgment resolving', async () => {
    const expected: [file: string, tools: number, intents: number][] = [
      ['ironclaw/tool_search_relevance.json', 50, 72],
      ['toollens/toollens_test.json', 464, 1877],
      ['toolret_subsets/apigen.json', 3605, 1000],
    ];
    for (const [file, toolCount, intentCount] of expected) {
      const corpus = await loadEvalCorpus(`${benchmarks}${file}`);
      expect([file, corpus.tools.length, corpus.intents.length]).toEqual([
        file,
        toolCount,
        intentCount,
      ]);

      const catalog = await createCatalog({ definitions: corpus.tools });
      const wireNames = new Set(catalog.entries.map((entry) => entry.wireName));
      expect(wireNames.size).toBe(toolCount);
      const unresolved = corpus.intents.flatMap((intent) =>
        Object.keys(intent.relevance).filter((name) => !wireNames.has(name)),
      );
      expect(unresolved).toEqual([]);
      expect(
        corpus.intents.filter((intent) => Object.keys(intent.relevance).length > 0).length,
      ).toBeGreaterThan(0);
    }
  });
});
