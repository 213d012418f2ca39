import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze-text.js';
import { createTextTermNumbering } from './create-text-term-numbering.js';
import { distinctPlainWords, numberInto, textOfPieces } from './text-pieces.case.js';

/** Numbers terms in order of first appearance, for many terms. */
function numberByMap(): (term: string) => number {
  const numbers = new Map<string, number>();
  return (term) => {
    const found = numbers.get(term) ?? numbers.size;
    numbers.set(term, found);
    return found;
  };
}

describe('createTextTermNumbering', () => {
  it('numbers each term of analyzeText, in order, for any text, however often numbered', () => {
    const known: string[] = [];
    const number = numberInto(known);
    const numbering = createTextTermNumbering({ number });
    fc.assert(
      fc.property(textOfPieces, (text) => {
        const expected = analyzeText(text).map(number);
        for (let time = 0; time < 2; time++) {
          const numbers = [7];
          numbering.append(text, numbers);
          expect(numbers).toEqual([7, ...expected]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('numbers a text longer than the bytes it keeps, ASCII or not, as analyzeText', () => {
    const known: string[] = [];
    const number = numberInto(known);
    const numbering = createTextTermNumbering({ number });
    for (const last of ['listEvents', 'ñandú']) {
      const text = `${distinctPlainWords(1_500).join(' ')} ${last}`;
      expect(text.length).toBeGreaterThan(4_096);
      const numbers: number[] = [];
      numbering.append(text, numbers);
      expect(numbers).toEqual(analyzeText(text).map(number));
    }
  });

  it('writes from a given place, returns where it ended, and leaves what lies past it', () => {
    const known: string[] = [];
    const numbering = createTextTermNumbering({ number: numberInto(known) });
    const numbers = [9, 9, 9, 9];
    expect(numbering.append('sends mail', numbers, 1)).toBe(3);
    expect(numbers).toEqual([9, 0, 1, 9]);
    expect(numbering.append('mail', numbers, 0)).toBe(1);
    expect(numbers).toEqual([1, 0, 1, 9]);
  });

  it('numbers as before after more words than analysis keeps have been analyzed', () => {
    const known: string[] = [];
    const number = numberInto(known);
    const numbering = createTextTermNumbering({ number });
    const numbers: number[] = [];
    numbering.append('sends mail', numbers);
    const many = distinctPlainWords(100_000).join(' ');
    // A numbering of its own grows the words all numberings share past what they keep: the
    // words after the trie fills are numbered all the same.
    const manyNumbers: number[] = [];
    createTextTermNumbering({ number: numberByMap() }).append(many, manyNumbers);
    expect(manyNumbers).toEqual(analyzeText(many).map(numberByMap()));
    numbering.append('mail events GitHub sends', numbers);
    expect(known).toEqual(['send', 'mail', 'event', 'github', 'git', 'hub']);
    expect(numbers).toEqual([0, 1, 1, 2, 3, 4, 5, 0]);
  });
});
