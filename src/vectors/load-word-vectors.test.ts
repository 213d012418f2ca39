import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../search/analyze-text.js';
import { loadWordVectors } from './load-word-vectors.js';

/**
 * The shipped table's sha256, as scripts/build-word-vectors.mjs prints it: rebuilding must give
 * these bytes (`npm run build:word-vectors -- --check`), and a changed table changes this line.
 */
const TABLE_SHA256 = 'a0f6df3806b41a559a290a22447d86198816f8e21c371c9353c8ef9b5e3e1f08';

describe('loadWordVectors', () => {
  it('reads the shipped table, the one the build script writes', async () => {
    const bytes = await readFile(new URL('../../data/word-vectors.bin', import.meta.url));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(TABLE_SHA256);
    expect(bytes.byteLength).toBeLessThanOrEqual(3_000_000);
    const wordVectors = await loadWordVectors();
    expect(wordVectors.dimension).toBe(100);
    expect(wordVectors.size).toBe(26_739);
  });

  it('loads once and hands every caller the same table', async () => {
    const [first, second] = await Promise.all([loadWordVectors(), loadWordVectors()]);
    expect(second).toBe(first);
    expect(await loadWordVectors()).toBe(first);
  });

  it('is keyed by analyzed terms, so the words of a query look it up as they are indexed', async () => {
    const wordVectors = await loadWordVectors();
    for (const word of ['pictures', 'Invoices', 'managers', 'screenshot', 'workout']) {
      const [term] = analyzeText(word);
      expect(wordVectors.has(term as string), `${word} → ${term}`).toBe(true);
    }
    // Stop words never reach the index, so the table does not hold them.
    expect(wordVectors.has('the')).toBe(false);
  });

  it('puts related words together and unrelated ones apart', async () => {
    const wordVectors = await loadWordVectors();
    const similarity = (a: string, b: string) =>
      wordVectors.similarity(analyzeText(a)[0] as string, analyzeText(b)[0] as string) as number;
    expect(similarity('picture', 'image')).toBeGreaterThan(0.6);
    expect(similarity('picture', 'invoice')).toBeLessThan(0.2);
    expect(similarity('email', 'mail')).toBeGreaterThan(0.7);
    expect(similarity('boss', 'manager')).toBeGreaterThan(similarity('boss', 'banana') + 0.3);
  });

  it("finds a catalog vocabulary's nearest terms to a query term", async () => {
    const wordVectors = await loadWordVectors();
    const catalog = analyzeText('capture image, send invoice, log workout, schedule meeting');
    const vocabulary = wordVectors.vocabulary(catalog);
    expect(vocabulary.nearest(analyzeText('photo')[0] as string, { k: 1 })).toEqual([
      { term: 'imag', similarity: expect.closeTo(0.62, 1) },
    ]);
    expect(vocabulary.nearest('gym', { k: 1 }).map(({ term }) => term)).toEqual(['workout']);
  });
});
