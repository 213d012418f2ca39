import { describe, expect, it } from 'vitest';
import { countPostings } from './count-postings.js';
import { createDocumentTerms } from './create-document-terms.js';
import { createFieldIndex } from './create-field-index.js';
import { createFieldTermNumbering } from './create-field-term-numbering.js';
import { createTermPostings, type TermPostings } from './create-term-postings.js';

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
  const count = Object.keys(tools).length;
  const postings = countPostings(numbered.fields, count, numbered.terms.length);
  const fieldIndex = createFieldIndex(fields, count, relevance, {
    tokenNumber: (token) => numbered.numbers.get(token.slice(0, -1)) ?? -1,
    fields: numbered.fields,
    postings,
  });
  const documentTerms = createDocumentTerms(numbered, postings, relevance, count);
  const termPostings = createTermPostings({
    fieldIndex,
    documentTerms,
    fields,
    documentBoost: 1,
    nameFields: ['name'],
  });
  const postingsOf = (term: string, weight: number) =>
    read(termPostings, termPostings.find(term, weight, boosts[weight] as Record<string, number>));
  return { fieldIndex, documentTerms, termPostings, postingsOf };
}

/** The postings `find` numbered, as arrays of their own. */
function read(termPostings: TermPostings, found: number) {
  const chunk = termPostings.chunkOf(found);
  const start = termPostings.startOf(found);
  const end = termPostings.endOf(found);
  return {
    ids: [...chunk.ids.subarray(start, end)],
    totals: [...chunk.totals.subarray(start, end)],
    fieldScores: [...chunk.fieldScores.subarray(start, end)],
    inName: [...chunk.inName.subarray(start, end)],
  };
}

describe('createTermPostings', () => {
  it("combines a term's boosted field BM25 with its whole-document BM25, per document", async () => {
    const { fieldIndex, documentTerms, postingsOf } = await setUp();
    for (const weight of [1, 0.5]) {
      const postings = postingsOf('messag', weight);
      // mail.send and chat.post, by internal id (insertion order, from 1).
      expect(postings.ids).toEqual([1, 2]);
      const [name, description] = fieldIndex.postings('messag$');
      expect(name?.ids).toHaveLength(0);
      for (const [index, id] of postings.ids.entries()) {
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
    expect(postingsOf('send', 1).inName).toEqual([1]);
    expect(postingsOf('messag', 1).inName).toEqual([0, 0]);
    expect(postingsOf('post', 1).inName).toEqual([1]);
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
    const { termPostings } = await setUp();
    const post = termPostings.find('post', 1, boosts[1] as Record<string, number>);
    expect(termPostings.find('post', 1, boosts[1] as Record<string, number>)).toBe(post);
    expect(termPostings.find('post', 0.5, boosts[0.5] as Record<string, number>)).not.toBe(post);
  });

  it('keeps nothing for terms no tool has: they all share one empty postings', async () => {
    const { termPostings, postingsOf } = await setUp();
    expect(postingsOf('calendar', 1).ids).toHaveLength(0);
    const madeUp = termPostings.find('madeupword', 0.5, boosts[0.5] as Record<string, number>);
    expect(madeUp).toBe(termPostings.find('calendar', 1, boosts[1] as Record<string, number>));
  });

  it('keeps every term apart, lists over several shared chunks, a long list in a chunk of its own', async () => {
    // 3,000 documents: "common" in all (a chunk of its own), three terms in 1,000 each and five in
    // 600 each (6,000 postings: more than one shared chunk holds).
    const count = 3000;
    const numbering = createFieldTermNumbering(1);
    for (let position = 0; position < count; position++) {
      const terms = ['common', `third${position % 3}`, `fifth${position % 5}`];
      numbering.addNumbers([terms.map((term) => numbering.number(term))]);
    }
    const numbered = numbering.numbers();
    const postings = countPostings(numbered.fields, count, numbered.terms.length);
    const fieldIndex = createFieldIndex(['name'], count, relevance, {
      tokenNumber: (token) => numbered.numbers.get(token.slice(0, -1)) ?? -1,
      fields: numbered.fields,
      postings,
    });
    const documentTerms = createDocumentTerms(numbered, postings, relevance, count);
    const termPostings = createTermPostings({
      fieldIndex,
      documentTerms,
      fields: ['name'],
      documentBoost: 1,
      nameFields: ['name'],
    });
    const terms = ['third0', 'fifth0', 'common', 'third1', 'fifth1', 'fifth2', 'third2', 'fifth3'];
    const found = terms.map((term) => termPostings.find(term, 1, { name: 1 }));
    expect(new Set(found.map((postings) => termPostings.chunkOf(postings))).size).toBeGreaterThan(
      2,
    );
    for (const [index, term] of terms.entries()) {
      const postings = read(termPostings, found[index] as number);
      const positions = [...documentTerms.documentsWith(term)];
      const [name] = fieldIndex.postings(`${term}$`);
      expect(postings.ids).toEqual(positions.map((position) => position + 1));
      expect(postings.fieldScores).toEqual([...(name?.bm25 ?? [])]);
      expect(postings.totals).toEqual(
        positions.map(
          (position, at) => (name?.bm25[at] ?? 0) + documentTerms.score(position, term),
        ),
      );
      expect(postings.inName.every((flag) => flag === 1)).toBe(true);
    }
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
    const capability = termPostings.find('messag', 1, { name: 1, description: 0.7 });
    const task = termPostings.find('messag', 1, { name: 1, description: 1 });
    expect(task).not.toBe(capability);
    expect(read(termPostings, task).fieldScores[0]).toBeCloseTo(
      (read(termPostings, capability).fieldScores[0] as number) / 0.7,
      12,
    );
  });
});
