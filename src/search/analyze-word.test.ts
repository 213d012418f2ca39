import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze-text.js';
import { analyzeCompound, analyzeWord, keptCompoundCount } from './analyze-word.js';

describe('analyzeWord', () => {
  it('gives a word’s terms and forms as analyzeText does, the same each time', () => {
    for (const word of ['listEvents', 'GitHub', 'Scheduling', 'the', "it's", 'S3']) {
      const forms: string[] = [];
      const terms = analyzeText(word, forms);
      expect(analyzeWord(word)).toEqual({ terms, forms });
      expect(analyzeWord(word)).toBe(analyzeWord(word));
    }
  });

  it('analyzes two words as the word they make written as one', () => {
    for (const [first, second] of [
      ['web', 'page'],
      ['look', 'up'],
      ['e', 'mails'],
      ['the', 're'],
    ] as const) {
      expect(analyzeCompound(first, second)).toEqual(analyzeWord(`${first}${second}`));
      expect(analyzeCompound(first, second)).toBe(analyzeCompound(first, second));
    }
  });

  it('keeps at most 10,000 pairs, also when every pair has the same first word', () => {
    for (let index = 0; index < 10_050; index++) {
      analyzeCompound('get', `w${index}`);
      expect(keptCompoundCount()).toBeLessThanOrEqual(10_000);
    }
    expect(analyzeCompound('get', 'w7')).toEqual(analyzeWord('getw7'));
  });
});
