import { describe, expect, it } from 'vitest';
import { numberFieldTerms } from './number-field-terms.js';

describe('numberFieldTerms', () => {
  it('numbers each term once, by first appearance, and keeps each field and document in order', () => {
    const numbered = numberFieldTerms(
      [
        { name: ['send', 'mail'], description: ['send', 'messag', 'send'] },
        { name: [], description: ['messag', 'channel'] },
      ],
      ['name', 'description'],
    );
    expect(numbered.terms).toEqual(['send', 'mail', 'messag', 'channel']);
    expect(numbered.numbers.get('channel')).toBe(3);
    const [name, description] = numbered.fields;
    expect([...(name?.values ?? [])]).toEqual([0, 1]);
    expect([...(name?.starts ?? [])]).toEqual([0, 2, 2]);
    expect([...(description?.values ?? [])]).toEqual([0, 2, 0, 2, 3]);
    expect([...(description?.starts ?? [])]).toEqual([0, 3, 5]);
    expect([...numbered.documents.values]).toEqual([0, 1, 0, 2, 0, 2, 3]);
    expect([...numbered.documents.starts]).toEqual([0, 5, 7]);
  });

  it('numbers no documents', () => {
    const numbered = numberFieldTerms([], ['name']);
    expect(numbered.terms).toEqual([]);
    expect([...numbered.documents.starts]).toEqual([0]);
    expect([...(numbered.fields[0]?.starts ?? [])]).toEqual([0]);
  });
});
