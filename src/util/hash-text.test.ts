import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashText } from './hash-text.js';

describe('hashText', () => {
  it('is the same 32-bit integer for the same text, every time', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const hash = hashText(text);
        expect(Number.isInteger(hash)).toBe(true);
        expect(hash | 0).toBe(hash);
        expect(hashText(`${text}`)).toBe(hash);
      }),
      { seed: 13_2026, numRuns: 300 },
    );
  });

  it('tells apart the words of a vocabulary: no two of 50,000 distinct words share a hash', () => {
    const words = new Set<string>();
    for (let index = 0; words.size < 50_000; index++) {
      words.add(index.toString(36).replace(/[0-9]/g, (digit) => 'qrstuvwxyz'[Number(digit)] ?? ''));
    }
    expect(new Set([...words].map(hashText)).size).toBe(words.size);
  });

  it('depends on every code unit and on the length', () => {
    expect(hashText('plan')).not.toBe(hashText('plans'));
    expect(hashText('ab')).not.toBe(hashText('ba'));
    expect(hashText('')).not.toBe(hashText('\u0000'));
  });
});
