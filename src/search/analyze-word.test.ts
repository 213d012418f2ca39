import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze-text.js';
import { analyzeWord } from './analyze-word.js';

describe('analyzeWord', () => {
  it('gives a word’s terms and forms as analyzeText does, the same each time', () => {
    for (const word of ['listEvents', 'GitHub', 'Scheduling', 'the', "it's", 'S3']) {
      const forms: string[] = [];
      const terms = analyzeText(word, forms);
      expect(analyzeWord(word)).toEqual({ terms, forms });
      expect(analyzeWord(word)).toBe(analyzeWord(word));
    }
  });
});
