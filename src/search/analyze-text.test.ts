import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeText, useRequestFillers } from './analyze-text.js';
import { analyzeWord } from './analyze-word.js';
import { createTextTermNumbering } from './create-text-term-numbering.js';
import { RANKING_PARAMETERS } from './ranking-parameters.js';
import { distinctPlainWords, textOfPieces } from './text-pieces.case.js';

/** The terms as `analyzeText` gives them word by word, as it does when it also gives their forms. */
function wordByWord(text: string): string[] {
  return analyzeText(text, []);
}

describe('analyzeText', () => {
  it('splits identifiers, drops stop words and stems', () => {
    expect(analyzeText('listCalendarEvents for the team')).toEqual([
      'listcalendarev',
      'list',
      'calendar',
      'event',
      'team',
    ]);
    expect(analyzeText('sends mails, then the mails are sent')).toEqual([
      'send',
      'mail',
      'mail',
      'sent',
    ]);
    expect(analyzeText('')).toEqual([]);
  });

  it('gives the terms it gives word by word, for any text, however often analyzed', () => {
    fc.assert(
      fc.property(textOfPieces, (text) => {
        const expected = wordByWord(text);
        expect(analyzeText(text)).toEqual(expected);
        expect(analyzeText(text)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same terms after more words than it keeps have been analyzed', () => {
    const text = 'createPullRequest sends the events to GitHub v2 reviewers';
    const expected = wordByWord(text);
    expect(analyzeText(text)).toEqual(expected);
    const many = distinctPlainWords(100_000);
    expect(analyzeText(many.join(' '))).toEqual(wordByWord(many.join(' ')));
    expect(analyzeText(text)).toEqual(expected);
  });
});

describe('useRequestFillers', () => {
  it('analyzes every text without the given fillers, in every cache, until set back', () => {
    // The terms a build numbers for a text.
    const numbered = () => {
      const terms: string[] = [];
      createTextTermNumbering({ number: (term) => terms.push(term) - 1 }).append(
        'please send it via mail',
        [],
      );
      return terms.length;
    };
    expect(analyzeText('please send it via mail')).toEqual(['send', 'mail']);
    expect(analyzeWord('Please').terms).toEqual([]);
    expect(numbered()).toBe(2);
    try {
      useRequestFillers([]);
      expect(analyzeText('please send it via mail')).toEqual(['pleas', 'send', 'via', 'mail']);
      expect(analyzeWord('Please').terms).toEqual(['pleas']);
      expect(numbered()).toBe(4);
    } finally {
      useRequestFillers(RANKING_PARAMETERS.requestFillers);
    }
    expect(analyzeText('please send it via mail')).toEqual(['send', 'mail']);
    expect(analyzeWord('Please').terms).toEqual([]);
    expect(numbered()).toBe(2);
  });
});
