import { describe, expect, it } from 'vitest';
import { createTermInfo } from './create-term-info.js';

const numbers = new Map([
  ['email', 0],
  ['send', 1],
]);
const synonymsOf = new Map([['mail', ['email']]]);

describe('createTermInfo', () => {
  it('reads a term’s number, use, weight and synonyms as the index gives them', () => {
    const termInfo = createTermInfo({
      termNumber: (term) => numbers.get(term) ?? -1,
      documentFrequency: (term) => (numbers.has(term) ? 2 : 0),
      weightOf: (term) => term.length / 2,
      synonymsOf,
    });
    expect(termInfo('email')).toEqual({
      number: 0,
      used: true,
      weight: 2.5,
      synonyms: undefined,
      synonymNumbers: [],
    });
    expect(termInfo('mail')).toEqual({
      number: -1,
      used: false,
      weight: 2,
      synonyms: ['email'],
      synonymNumbers: [0],
    });
  });

  it('reads each term once, and lets all go when it keeps its most', () => {
    let reads = 0;
    const termInfo = createTermInfo(
      {
        termNumber: () => {
          reads++;
          return -1;
        },
        documentFrequency: () => 0,
        weightOf: () => 1,
        synonymsOf,
      },
      2,
    );
    termInfo('a');
    termInfo('b');
    termInfo('a');
    expect(reads).toBe(2);
    termInfo('c');
    termInfo('a');
    expect(reads).toBe(4);
  });
});
