import { readFileSync } from 'node:fs';
import { encode } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../catalog/index.js';
import { generateDistractors } from '../eval/index.js';
import { createCatalog, createDisclosure } from '../index.js';
import { estimateTokens } from './index.js';

const corpus = JSON.parse(
  readFileSync(new URL('../../corpus/judged-corpus.json', import.meta.url), 'utf8'),
) as { tools: ToolDefinition[] };

describe('estimateTokens', () => {
  it('stays within 10% of o200k_base on every definition of the test catalog and the distractors', async () => {
    const catalog = await createCatalog({
      definitions: [...corpus.tools, ...generateDistractors(100)],
    });
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
    const exact = texts.map((text) => encode(text).length);
    const total = exact.reduce((sum, count) => sum + count, 0);
    expect(texts).toHaveLength(catalog.entries.length);
    expect(Math.abs(disclosure.tokens.full - total) / total).toBeLessThanOrEqual(0.1);
    for (const [index, text] of texts.entries()) {
      const error =
        Math.abs(estimateTokens(text) - (exact[index] as number)) / (exact[index] as number);
      expect(error, text).toBeLessThanOrEqual(0.1);
    }
  });

  it('is within 10% on prose and on the bridge surface of a deferred catalog', async () => {
    const prose =
      'Create a calendar event with attendees, a recurrence rule and reminders; returns the event id.';
    expect(Math.abs(estimateTokens(prose) - encode(prose).length)).toBeLessThanOrEqual(
      encode(prose).length * 0.1,
    );
    const catalog = await createCatalog({ definitions: generateDistractors(1000) });
    const description = createDisclosure({ catalog, environment: {} })
      .toolSearchDescription as string;
    const exact = encode(description).length;
    expect(Math.abs(estimateTokens(description) - exact) / exact).toBeLessThanOrEqual(0.1);
  });

  it('counts nothing for an empty text', () => {
    expect(estimateTokens('')).toBe(0);
  });
});
