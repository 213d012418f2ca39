import { create, insertMultiple, search } from '@orama/orama';
import { describe, expect, it } from 'vitest';
import { createDocumentTerms } from './create-document-terms.js';

const relevance = { k: 1.2, b: 0.5, d: 0.5 };

const documents = new Map<string, string[]>([
  ['mail.send', ['send', 'mail', 'messag', 'recipi', 'mail']],
  ['mail.search', ['search', 'mail', 'messag', 'queri']],
  ['chat.post', ['post', 'messag', 'channel']],
  ['files.read', ['read', 'file', 'path']],
]);

/** Orama's own score of `term` for each document, all terms indexed as one field. */
async function oramaScores(term: string): Promise<Map<string, number>> {
  const database = create({
    schema: { all: 'string' } as const,
    components: {
      tokenizer: {
        language: 'english',
        normalizationCache: new Map(),
        tokenize: (raw: string) => (raw === '' ? [] : raw.split(' ')),
      },
    },
  });
  await insertMultiple(
    database,
    [...documents].map(([id, terms]) => ({ id, all: terms.join(' ') })),
  );
  const { hits } = await search(database, {
    term,
    properties: ['all'],
    exact: true,
    threshold: 1,
    relevance,
  });
  return new Map(hits.map((hit) => [hit.id, hit.score]));
}

describe('createDocumentTerms', () => {
  it("scores a term in a whole document as Orama's BM25 scores it in one field", async () => {
    const terms = createDocumentTerms(documents, relevance);
    for (const term of ['mail', 'messag', 'search', 'file']) {
      const expected = await oramaScores(term);
      expect(expected.size).toBeGreaterThan(0);
      for (const id of documents.keys()) {
        expect(terms.score(id, term)).toBeCloseTo(expected.get(id) ?? 0, 12);
      }
    }
  });

  it('counts documents, term presence and document frequency', () => {
    const terms = createDocumentTerms(documents, relevance);
    expect(terms.size).toBe(4);
    expect(terms.has('mail.send', 'recipi')).toBe(true);
    expect(terms.has('chat.post', 'mail')).toBe(false);
    expect(terms.documentFrequency('mail')).toBe(2);
    expect(terms.documentFrequency('messag')).toBe(3);
    expect(terms.documentFrequency('absent')).toBe(0);
    expect(terms.score('files.read', 'mail')).toBe(0);
  });

  it('never gives a term a negative score, however often documents repeat it', () => {
    const repeated = new Map([
      ['a', ['issue', 'issue', 'issue']],
      ['b', ['issue', 'label']],
    ]);
    const terms = createDocumentTerms(repeated, relevance);
    expect(terms.score('a', 'issue')).toBeGreaterThan(0);
    expect(terms.score('b', 'issue')).toBeGreaterThan(0);
  });
});
