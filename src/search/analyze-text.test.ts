import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze-text.js';
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
