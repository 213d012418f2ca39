import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze-text.js';
import { analyzeCompound, analyzeWord } from './analyze-word.js';

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
});
