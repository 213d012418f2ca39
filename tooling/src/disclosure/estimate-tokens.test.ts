import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { encode } from 'gpt-tokenizer';
import { createCatalog, createDisclosure } from 'tool-disclosure';
import type { Catalog, ToolDefinition } from 'tool-disclosure/catalog';
import type { DisclosureMode } from 'tool-disclosure/disclosure';
import { definitionJson, estimateTokens } from 'tool-disclosure/disclosure';
import { describe, expect, it } from 'vitest';
import { generateWideCatalog } from '../../../test/fixtures/wide-catalog.js';
import { generateDistractors, padWithDistractors } from '../eval/index.js';
import { loadEvalCorpus } from '../eval/load-eval-corpus.js';

const corpus = JSON.parse(
  readFileSync(new URL('../../corpus/judged-corpus.json', import.meta.url), 'utf8'),
) as { tools: ToolDefinition[] };

const benchmarks = fileURLToPath(new URL('../../../../shared/benchmarks/', import.meta.url));

/** (estimate − o200k_base) / o200k_base over all texts together. */
function relativeError(texts: readonly string[]): number {
  let estimated = 0;
  let exact = 0;
  for (const text of texts) {
    estimated += estimateTokens(text);
    exact += encode(text).length;
  }
  return (estimated - exact) / exact;
}

/** Every definition as it is priced: compact JSON of name, description and parameters. */
function definitionTexts(catalog: Catalog): string[] {
  return catalog.entries.map((entry) =>
    definitionJson({
      name: entry.wireName,
      description: entry.description,
      parameters: entry.parameters,
    }),
  );
}

/** The advertised bridges of a deferred catalog, headers included. */
function surfaceTexts(catalog: Catalog, mode: DisclosureMode): string[] {
  const disclosure = createDisclosure({ catalog, mode, environment: {} });
  expect(disclosure.deferred).toBe(true);
  return disclosure.advertised.map(definitionJson);
}

describe('estimateTokens', () => {
  it('stays within 5% of o200k_base on the bench catalog, and within 10% on every definition', async () => {
    const catalog = await createCatalog({ definitions: padWithDistractors(corpus.tools, 1000) });
    const texts: string[] = [];
    const disclosure = createDisclosure({
      catalog,
      mode: 'off',
      environment: {},
      countTokens: (text) => {
        texts.push(text);
        return estimateTokens(text);
      },
    });
    expect(texts).toHaveLength(catalog.entries.length);
    const exact = texts.reduce((sum, text) => sum + encode(text).length, 0);
    expect(Math.abs(disclosure.tokens.full - exact) / exact).toBeLessThanOrEqual(0.05);
    for (const text of texts) {
      const count = encode(text).length;
      expect(Math.abs(estimateTokens(text) - count) / count, text).toBeLessThanOrEqual(0.1);
    }
    for (const mode of ['namespaces', 'compact'] as const) {
      expect(Math.abs(relativeError(surfaceTexts(catalog, mode))), mode).toBeLessThanOrEqual(0.05);
    }
  });

  it('stays within 5% on catalogs of hundreds of namespaces, word-like and digit-suffixed', async () => {
    for (const names of ['word', 'digit', 'mixed'] as const) {
      for (const [namespaces, describedShare, seed] of [
        [200, 0, 1],
        [500, 0.5, 2],
        [300, 1, 3],
      ] as const) {
        const generated = generateWideCatalog({
          tools: 2000,
          namespaces,
          names,
          describedShare,
          seed,
        });
        const catalog = await createCatalog({
          definitions: generated.definitions,
          namespaces: Object.fromEntries(
            Object.entries(generated.descriptions).map(([name, description]) => [
              name,
              { description },
            ]),
          ),
        });
        const label = `${names}, ${namespaces} namespaces, seed ${seed}`;
        expect(Math.abs(relativeError(definitionTexts(catalog))), label).toBeLessThanOrEqual(0.05);
        for (const mode of ['namespaces', 'compact'] as const) {
          expect(
            Math.abs(relativeError(surfaceTexts(catalog, mode))),
            `${label}, ${mode}`,
          ).toBeLessThanOrEqual(0.05);
        }
      }
    }
  });

  it('is within 5% on prose and on the bridge surface of a deferred catalog of distractors', async () => {
    const prose =
      'Create a calendar event with attendees, a recurrence rule and reminders; returns the event id.';
    expect(Math.abs(estimateTokens(prose) - encode(prose).length)).toBeLessThanOrEqual(
      encode(prose).length * 0.05,
    );
    const catalog = await createCatalog({ definitions: generateDistractors(1000) });
    expect(Math.abs(relativeError(surfaceTexts(catalog, 'namespaces')))).toBeLessThanOrEqual(0.05);
  });

  it('counts nothing for an empty text', () => {
    expect(estimateTokens('')).toBe(0);
  });
});

// The public tool-retrieval sets are read from ../shared; they are not part of this repository.
describe.runIf(existsSync(benchmarks))(
  'estimateTokens on the public sets (needs ../shared/benchmarks)',
  () => {
    const sets = [
      'ironclaw/tool_search_relevance.json',
      'toollens/toollens_test.json',
      'toolret_subsets/apigen.json',
      'toolret_subsets/apibank.json',
      'toolret_subsets/gorilla_huggingface.json',
      'metatool_toole/toole_single.json',
    ];

    it('stays within 5% of o200k_base on every set’s definitions, and within 8% on its headers', async () => {
      for (const set of sets) {
        const { tools } = await loadEvalCorpus(`${benchmarks}${set}`);
        const catalog = await createCatalog({ definitions: tools });
        expect(Math.abs(relativeError(definitionTexts(catalog))), set).toBeLessThanOrEqual(0.05);
        // Headers are mostly names; the Hugging Face user names of gorilla_huggingface
        // (`nguyenvulebinh`, `philschmid`) are the hardest, about 7% under.
        const padded = await createCatalog({ definitions: padWithDistractors(tools, 1000) });
        for (const mode of ['namespaces', 'compact'] as const) {
          expect(
            Math.abs(relativeError(surfaceTexts(padded, mode))),
            `${set}, ${mode}`,
          ).toBeLessThanOrEqual(0.08);
        }
      }
    });
  },
);
