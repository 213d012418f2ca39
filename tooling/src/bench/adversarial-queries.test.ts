import { TOOL_SEARCH_MAX_QUERY_BYTES } from 'tool-disclosure/bridge';
import { createCatalog } from 'tool-disclosure/catalog';
import { utf8ByteLength } from 'tool-disclosure/util';
import { describe, expect, it } from 'vitest';
import { generateDistractors } from '../eval/generate-distractors.js';
import { adversarialQueries, FIXED_ADVERSARIAL_QUERIES } from './adversarial-queries.js';

const entriesOf = async (count: number) =>
  (await createCatalog({ definitions: generateDistractors(count) })).entries;

describe('adversarialQueries', () => {
  it('holds every case of the contract, each within the 1,024 bytes tool_search accepts', async () => {
    const queries = adversarialQueries(await entriesOf(200));
    expect(new Set(queries.map((query) => query.name)).size).toBe(queries.length);
    for (const { text } of queries) {
      expect(utf8ByteLength(text)).toBeLessThanOrEqual(TOOL_SEARCH_MAX_QUERY_BYTES);
    }
    const text = (name: string) => queries.find((query) => query.name === name)?.text ?? '';
    expect(text('repeated clause').startsWith('records. records. ')).toBe(true);
    expect(utf8ByteLength(text('repeated clause'))).toBe(TOOL_SEARCH_MAX_QUERY_BYTES);
    expect([...text('regex metacharacters')]).toEqual([...'.*+?^$', ...'{}()|[]\\']);
    expect(text('control characters')).toContain('\u0000');
    expect(text('CJK')).toMatch(/\p{Script=Han}/u);
    expect(text('emoji')).toMatch(/\p{Extended_Pictographic}/u);
    expect(text('single token, 1,024 bytes')).toBe('q'.repeat(1024));
    expect(text('terms in every tool, repeated').split(' ')).toContain('id');
  });

  it('cuts multi-byte text between code points', () => {
    for (const { name, text } of FIXED_ADVERSARIAL_QUERIES) {
      // A pair split by the cut would not survive a round trip through UTF-8.
      if (name !== 'lone surrogates') expect(Buffer.from(text, 'utf8').toString('utf8')).toBe(text);
    }
    const cjk = FIXED_ADVERSARIAL_QUERIES.find((query) => query.name === 'CJK')?.text ?? '';
    expect(utf8ByteLength(cjk)).toBeGreaterThan(TOOL_SEARCH_MAX_QUERY_BYTES - 4);
  });

  it('takes 1,024 bytes of distinct catalog words, deterministically, from across the catalog', async () => {
    const entries = await entriesOf(500);
    const textOf = (name: string) =>
      adversarialQueries(entries).find((query) => query.name === name)?.text ?? '';
    const words = textOf('distinct catalog words, 1,024 bytes');
    expect(words).toBe(textOf('distinct catalog words, 1,024 bytes'));
    const sentences = textOf('distinct catalog sentences, 1,024 bytes');
    expect(utf8ByteLength(sentences)).toBeLessThanOrEqual(TOOL_SEARCH_MAX_QUERY_BYTES);
    expect(sentences.split('. ').length).toBeGreaterThan(50);
    expect(words.startsWith(sentences.split('. ').slice(0, 20).join(' '))).toBe(true);
    const list = words.split(' ');
    expect(new Set(list).size).toBe(list.length);
    expect(utf8ByteLength(words)).toBeLessThanOrEqual(TOOL_SEARCH_MAX_QUERY_BYTES);
    const vocabulary = entries.map((entry) => `${entry.id} ${entry.description}`.toLowerCase());
    for (const word of list) expect(vocabulary.some((text) => text.includes(word))).toBe(true);
    // Distractor words alone do not fill 1,024 bytes; every distinct one is taken.
    expect(list).toContain('telemetry');
  });
});
