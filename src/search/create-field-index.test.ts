import { create, insertMultiple, search } from '@orama/orama';
import { describe, expect, it } from 'vitest';
import { countPostings } from './count-postings.js';
import { createFieldIndex } from './create-field-index.js';
import { createFieldTermNumbering } from './create-field-term-numbering.js';

const relevance = { k: 1.2, b: 0.35, d: 0.5 };
const fields = ['name', 'description'] as const;
// No term begins another: Orama's search matches prefixes, which the ranker's terms never need.
const documents = [
  { id: 'mail.send', name: 'send mail', description: 'send mail message now' },
  { id: 'chat.post', name: 'post', description: 'post message channel' },
  { id: 'files.read', name: 'read file', description: 'read file file' },
  { id: 'files.list', name: 'list folder', description: 'list every file in a folder' },
];

function build() {
  const numbering = createFieldTermNumbering(fields.length);
  for (const document of documents) {
    numbering.addNumbers(
      fields.map((field) => document[field].split(' ').map((term) => numbering.number(term))),
    );
  }
  const numbered = numbering.numbers();
  const postings = countPostings(numbered.fields, documents.length, numbered.terms.length);
  return createFieldIndex(fields, documents.length, relevance, {
    tokenNumber: (token) =>
      token.endsWith('$') ? (numbered.numbers.get(token.slice(0, -1)) ?? -1) : -1,
    fields: numbered.fields,
    postings,
  });
}

/**
 * Orama's own scores of `term` in `field`, by internal id (insertion order, from 1), with a
 * tokenizer that splits at spaces and keeps every occurrence, as the ranker's analysis does.
 */
async function oramaScores(term: string, field: (typeof fields)[number]) {
  const database = create({
    schema: { name: 'string', description: 'string' } as const,
    components: {
      tokenizer: {
        language: 'english',
        normalizationCache: new Map(),
        tokenize: (raw: string, _language?: string, property?: string) =>
          property === undefined ? [...new Set(raw.split(' '))] : raw.split(' '),
      },
    },
  });
  await insertMultiple(database, documents);
  const { hits } = await search(database, {
    term,
    properties: [field],
    relevance,
    threshold: 1,
    limit: documents.length,
  });
  const scores = new Map<number, number>();
  for (const hit of hits) {
    scores.set(documents.findIndex((document) => document.id === hit.id) + 1, hit.score);
  }
  return scores;
}

describe('createFieldIndex', () => {
  it("gives each field's postings with Orama 3's BM25, to the bit", async () => {
    const index = build();
    for (const term of ['send', 'message', 'file', 'post', 'every']) {
      const perField = index.postings(`${term}$`);
      for (const [position, field] of fields.entries()) {
        const { ids, bm25 } = perField[position] as { ids: Int32Array; bm25: Float64Array };
        const ours = new Map([...ids].map((id, at) => [id, bm25[at] as number]));
        expect(ours, `${term} in ${field}`).toEqual(await oramaScores(term, field));
      }
    }
  });

  it('counts every occurrence of a term in a field, as Orama does', () => {
    // "file" twice in files.read's description, once in files.list's.
    const [, description] = build().postings('file$');
    expect([...(description?.ids ?? [])]).toEqual([3, 4]);
    const [readScore, listScore] = description?.bm25 ?? [];
    expect(readScore).toBeGreaterThan(listScore as number);
  });

  it('has no postings for a term no document has, or a token not marked as a term', () => {
    const index = build();
    for (const token of ['calendar$', 'send', '']) {
      for (const { ids, bm25 } of index.postings(token)) {
        expect(ids).toHaveLength(0);
        expect(bm25).toHaveLength(0);
      }
    }
  });

  it('gives the same postings however often it is asked', () => {
    const index = build();
    expect(index.postings('message$')).toEqual(index.postings('message$'));
  });
});
