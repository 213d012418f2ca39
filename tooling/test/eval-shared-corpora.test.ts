import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createCatalog } from 'tool-disclosure/catalog';
import { describe, expect, it } from 'vitest';
import { InvalidEvalCorpusError } from '../src/eval/invalid-eval-corpus-error.js';
import { loadEvalCorpus } from '../src/eval/load-eval-corpus.js';

const benchmarks = fileURLToPath(new URL('../../../shared/benchmarks/', import.meta.url));

/** Every corpus of the shared benchmarks: tools, queries and skipped tool rows. */
const CORPORA: [file: string, tools: number, intents: number, skippedTools: number][] = [
  ['ironclaw/tool_search_relevance.json', 50, 72, 0],
  ['metatool_toole/toole_multi.json', 199, 497, 0],
  ['metatool_toole/toole_single.json', 199, 20614, 0],
  ['toollens/toollens_test.json', 464, 1877, 0],
  ['toolret_subsets/apibank.json', 101, 101, 0],
  ['toolret_subsets/apigen.json', 3605, 1000, 0],
  ['toolret_subsets/gorilla_huggingface.json', 907, 500, 0],
  // One tool has an empty name; no query judges it alone.
  ['toolret_subsets/toolink.json', 1803, 497, 1],
];

/** Files beside the corpora that are not corpora, and the keys the refusal names. */
const NOT_CORPORA: [file: string, keys: string][] = [
  ['ironclaw/tool_search_scale_baseline.json', 'version, seed, intent_count'],
  ['toolret_subsets/mftr_test_folds.json', 'note, folds'],
];

// The shared benchmarks are public data read from ../shared; they are not part of this repository.
describe.runIf(existsSync(benchmarks))('evaluation corpora (needs ../shared/benchmarks)', () => {
  it('knows every JSON file of the shared benchmarks', () => {
    const files = readdirSync(benchmarks, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((folder) =>
        readdirSync(`${benchmarks}${folder.name}`)
          .filter((name) => name.endsWith('.json'))
          .map((name) => `${folder.name}/${name}`),
      )
      .sort();
    expect(files).toEqual(
      [...CORPORA.map(([file]) => file), ...NOT_CORPORA.map(([file]) => file)].sort(),
    );
  });

  it('loads every corpus with its counts, every judgment resolving', async () => {
    for (const [file, toolCount, intentCount, skippedTools] of CORPORA) {
      const corpus = await loadEvalCorpus(`${benchmarks}${file}`);
      expect([file, corpus.tools.length, corpus.intents.length, corpus.skipped]).toEqual([
        file,
        toolCount,
        intentCount,
        expect.objectContaining({ tools: skippedTools, queries: 0 }),
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

  it('refuses toolink in strict mode at its nameless tool', async () => {
    await expect(
      loadEvalCorpus(`${benchmarks}toolret_subsets/toolink.json`, undefined, { strict: true }),
    ).rejects.toThrow('tools[636] needs a non-empty string "name"');
  });

  it('refuses the files that are not corpora, naming their keys, without strict mode', async () => {
    for (const [file, keys] of NOT_CORPORA) {
      await expect(loadEvalCorpus(`${benchmarks}${file}`)).rejects.toSatisfy(
        (error) =>
          InvalidEvalCorpusError.isInstance(error) &&
          error.problem === 'invalid-shape' &&
          error.reason.includes(
            `"tools" must be an array, and this file has none (its keys are ${keys}`,
          ) &&
          error.reason.endsWith('it is not a corpus'),
      );
    }
  });
});
