import { describe, expect, it } from 'vitest';
import {
  createFieldTermNumbering,
  type FieldTermNumbering,
} from './create-field-term-numbering.js';

/** Adds a document by its terms, numbered field by field as a build numbers them. */
function add(numbering: FieldTermNumbering, fieldTerms: readonly (readonly string[])[]) {
  numbering.addNumbers(fieldTerms.map((terms) => terms.map((term) => numbering.number(term))));
}

describe('createFieldTermNumbering', () => {
  it('numbers each term once, by first appearance, and keeps each field and document in order', () => {
    const numbering = createFieldTermNumbering(2);
    add(numbering, [
      ['send', 'mail'],
      ['send', 'messag', 'send'],
    ]);
    add(numbering, [[], ['messag', 'channel']]);
    const numbered = numbering.numbers();
    expect(numbered.terms).toEqual(['send', 'mail', 'messag', 'channel']);
    expect(numbered.numbers.get('channel')).toBe(3);
    const [name, description] = numbered.fields;
    expect([...(name?.values ?? [])]).toEqual([0, 1]);
    expect([...(name?.starts ?? [])]).toEqual([0, 2, 2]);
    expect([...(description?.values ?? [])]).toEqual([0, 2, 0, 2, 3]);
    expect([...(description?.starts ?? [])]).toEqual([0, 3, 5]);
  });

  it('appends numbers to each field of a document until it ends, as addNumbers adds them', () => {
    const numbering = createFieldTermNumbering(2);
    const [send, mail] = [numbering.number('send'), numbering.number('mail')];
    numbering.appendNumbers(1, [send]);
    numbering.appendNumbers(1, Int32Array.of(mail, send));
    numbering.endDocument();
    numbering.addNumbers([[mail], []]);
    const [name, description] = numbering.numbers().fields;
    expect([...(name?.values ?? [])]).toEqual([1]);
    expect([...(name?.starts ?? [])]).toEqual([0, 0, 1]);
    expect([...(description?.values ?? [])]).toEqual([0, 1, 0]);
    expect([...(description?.starts ?? [])]).toEqual([0, 3, 3]);
  });

  it('numbers no documents, and more than its arrays first hold', () => {
    expect([...(createFieldTermNumbering(1).numbers().fields[0]?.starts ?? [])]).toEqual([0]);
    const numbering = createFieldTermNumbering(1);
    const words = Array.from({ length: 3000 }, (_, index) => `w${index % 700}`);
    for (let document = 0; document < 100; document++) {
      add(numbering, [words.slice(document * 30, document * 30 + 30)]);
    }
    const numbered = numbering.numbers();
    const [field] = numbered.fields;
    expect(field?.values).toHaveLength(3000);
    expect(field?.starts).toHaveLength(101);
    expect(numbered.terms).toHaveLength(700);
    expect(field?.values[2999]).toBe(199);
  });
});
