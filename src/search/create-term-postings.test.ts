import { describe, expect, it } from 'vitest';
import { createDocumentTerms } from './create-document-terms.js';
import { createFieldIndex } from './create-field-index.js';
import { createFieldTermNumbering } from './create-field-term-numbering.js';
import { createTermPostings } from './create-term-postings.js';
import { createTermSets } from './create-term-sets.js';
import { mergeTermSets } from './merge-term-sets.js';
import { markedText, termTokenizer } from './term-tokenizer.js';

const relevance = { k: 1.2, b: 0.5, d: 0.5 };
const fields = ['name', 'description'];
const tools: Record<string, Record<string, string[]>> = {
  'mail.send': { name: ['send', 'mail'], description: ['send', 'mail', 'messag'] },
  'chat.post': { name: ['post'], description: ['post', 'messag', 'channel'] },
  'files.read': { name: ['read', 'file'], description: ['read', 'file'] },
};
const boosts: Record<number, Record<string, number>> = {
  1: { name: 1, description: 0.7 },
  0.5: { name: 0.5, description: 0.35 },
};

async function setUp() {
  const numbering = createFieldTermNumbering(fields.length);
  for (const terms of Object.values(tools))
    numbering.addNumbers(
      fields.map((field) => (terms[field] ?? []).map((term) => numbering.number(term))),
    );
  const numbered = numbering.numbers();
  const sets = numbered.fields.map(({ values, starts }) => createTermSets(values, starts));
  const fieldIndex = createFieldIndex(fields, Object.keys(tools), termTokenizer(), relevance, {
    tokenNumber: (token) => numbered.numbers.get(token.slice(0, -1)) ?? -1,
    fields: numbered.fields,
    sets,
    text: (field, position) =>
      markedText(Object.values(tools)[position]?.[fields[field] as string] ?? []),
  });
  const documentTerms = createDocumentTerms(
    numbered,
    mergeTermSets(sets, Object.keys(tools).length),
    relevance,
  );
  const termPostings = createTermPostings({
    fieldIndex,
    documentTerms,
    fields,
    documentBoost: 1,
    nameFields: ['name'],
  });
  const postingsOf = (term: string, weight: number) =>
    termPostings(term, weight, boosts[weight] as Record<string, number>);
  return { fieldIndex, documentTerms, postingsOf };
}

describe('createTermPostings', () => {
  it("combines a term's boosted field BM25 with its whole-document BM25, per document", async () => {
    const { fieldIndex, documentTerms, postingsOf } = await setUp();
    for (const weight of [1, 0.5]) {
      const postings = postingsOf('messag', weight);
      // mail.send and chat.post, by internal id (insertion order, from 1).
      expect([...postings.ids]).toEqual([1, 2]);
      const [name, description] = fieldIndex.postings('messag$');
      expect(name?.ids).toHaveLength(0);
      for (const [index, id] of [...postings.ids].entries()) {
        const field =
          (description?.bm25[[...(description?.ids ?? [])].indexOf(id)] ?? 0) *
          (boosts[weight]?.description ?? 0);
        expect(postings.fieldScores[index]).toBeCloseTo(field, 12);
        expect(postings.totals[index]).toBeCloseTo(
          field + weight * documentTerms.score(id - 1, 'messag'),
          12,
        );
      }
    }
  });

  it('says which documents have the term in a name field', async () => {
    const { postingsOf } = await setUp();
    // In mail.send's name and description, in chat.post's description only.
    expect([...postingsOf('send', 1).inName]).toEqual([1]);
    expect([...postingsOf('messag', 1).inName]).toEqual([0, 0]);
    expect([...postingsOf('post', 1).inName]).toEqual([1]);
  });

  it('counts a term in several fields once per field, and none for a term no tool has', async () => {
    const { fieldIndex, postingsOf } = await setUp();
    const send = postingsOf('send', 1);
    const [name, description] = fieldIndex.postings('send$');
    expect(send.fieldScores[0]).toBeCloseTo(
      (name?.bm25[0] ?? 0) * 1 + (description?.bm25[0] ?? 0) * 0.7,
      12,
    );
    expect(postingsOf('calendar', 1).ids).toHaveLength(0);
  });

  it('computes a term at a weight and boosts once and keeps it', async () => {
    const { postingsOf } = await setUp();
    expect(postingsOf('post', 1)).toBe(postingsOf('post', 1));
    expect(postingsOf('post', 0.5)).not.toBe(postingsOf('post', 1));
  });

  it('keeps nothing for terms no tool has: they all share one empty postings', async () => {
    const { postingsOf } = await setUp();
    expect(postingsOf('calendar', 1).ids).toHaveLength(0);
    expect(postingsOf('madeupword', 0.5)).toBe(postingsOf('calendar', 1));
  });

  it('scores a term again under other field boosts', async () => {
    const { fieldIndex, documentTerms } = await setUp();
    const termPostings = createTermPostings({
      fieldIndex,
      documentTerms,
      fields,
      documentBoost: 1,
      nameFields: ['name'],
    });
    const capability = termPostings('messag', 1, { name: 1, description: 0.7 });
    const task = termPostings('messag', 1, { name: 1, description: 1 });
    expect(task).not.toBe(capability);
    expect(task.fieldScores[0]).toBeCloseTo((capability.fieldScores[0] as number) / 0.7, 12);
  });
});
