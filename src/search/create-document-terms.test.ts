import { create, insertMultiple, search } from '@orama/orama';
import { describe, expect, it } from 'vitest';
import { countPostings } from './count-postings.js';
import { createDocumentTerms } from './create-document-terms.js';
import { createFieldTermNumbering, type NumberedRuns } from './create-field-term-numbering.js';

const relevance = { k: 1.2, b: 0.5, d: 0.5 };

const named = new Map<string, string[]>([
  ['mail.send', ['send', 'mail', 'messag', 'recipi', 'mail']],
  ['mail.search', ['search', 'mail', 'messag', 'queri']],
  ['chat.post', ['post', 'messag', 'channel']],
  ['files.read', ['read', 'file', 'path']],
]);
const documents = [...named.values()];

/** `documents`' whole-document statistics, their terms numbered as one field each. */
function documentTermsOf(documents: readonly string[][]) {
  const numbering = createFieldTermNumbering(1);
  for (const terms of documents)
    numbering.addNumbers([terms.map((term) => numbering.number(term))]);
  const numbered = numbering.numbers();
  const field = numbered.fields[0] as NumberedRuns;
  return createDocumentTerms(
    numbered,
    countPostings([field], documents.length, numbered.terms.length),
    relevance,
    documents.length,
  );
}

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
    [...named].map(([id, terms]) => ({ id, all: terms.join(' ') })),
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
    const terms = documentTermsOf(documents);
    for (const term of ['mail', 'messag', 'search', 'file']) {
      const expected = await oramaScores(term);
      expect(expected.size).toBeGreaterThan(0);
      for (const [position, id] of [...named.keys()].entries()) {
        expect(terms.score(position, term)).toBeCloseTo(expected.get(id) ?? 0, 12);
      }
    }
  });

  it('counts documents, term presence and document frequency', () => {
    const terms = documentTermsOf(documents);
    expect(terms.size).toBe(4);
    expect(terms.score(0, 'recipi')).toBeGreaterThan(0);
    expect(terms.score(2, 'mail')).toBe(0);
    expect(terms.score(0, 'absent')).toBe(0);
    expect(terms.termNumber('absent')).toBe(-1);
    expect(terms.terms.slice(0, 4)).toEqual(['send', 'mail', 'messag', 'recipi']);
    expect(terms.documentFrequency('mail')).toBe(2);
    expect(terms.documentFrequency('messag')).toBe(3);
    expect(terms.documentFrequency('absent')).toBe(0);
    expect([...terms.documentsWith('messag')]).toEqual([0, 1, 2]);
    expect([...terms.documentsWith('absent')]).toEqual([]);
    expect(terms.score(3, 'mail')).toBe(0);
  });

  it('scores each posting as its document', () => {
    const terms = documentTermsOf(documents);
    const number = terms.termNumber('messag');
    const { postings } = terms;
    for (let index = postings.start(number); index < postings.end(number); index++) {
      const document = postings.documents[index] as number;
      expect(terms.scoreAt(number, index)).toBe(terms.score(document, 'messag'));
    }
  });

  it('never gives a term a negative score, however often documents repeat it', () => {
    const repeated = [
      ['issue', 'issue', 'issue'],
      ['issue', 'label'],
    ];
    const terms = documentTermsOf(repeated);
    expect(terms.score(0, 'issue')).toBeGreaterThan(0);
    expect(terms.score(1, 'issue')).toBeGreaterThan(0);
  });
});
