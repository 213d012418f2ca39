import { describe, expect, it } from 'vitest';
import { usedNumbers } from './used-numbers.js';

describe('usedNumbers', () => {
  it('keeps the numbers of the terms some tool uses, in order', () => {
    const numbers = new Map([
      ['email', 3],
      ['send', 0],
    ]);
    expect(usedNumbers(['send', 'mail', 'email'], (term) => numbers.get(term) ?? -1)).toEqual([
      0, 3,
    ]);
  });
});
