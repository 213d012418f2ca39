import { describe, expect, it } from 'vitest';
import { truncateUtf8 } from './truncate-utf8.js';
import { utf8ByteLength } from './utf8-byte-length.js';

describe('truncateUtf8', () => {
  it('keeps a text of exactly the limit and cuts one byte more to the limit with "…"', () => {
    expect(truncateUtf8('abcdefghij', 10)).toBe('abcdefghij');
    expect(truncateUtf8('abcdefghijk', 10)).toBe('abcdefg…');
    expect(utf8ByteLength(truncateUtf8('abcdefghijk', 10))).toBe(10);
  });

  it('never splits a code point, whatever its width', () => {
    for (const character of ['é', '€', '😀']) {
      for (let limit = 4; limit <= 16; limit++) {
        const cut = truncateUtf8(character.repeat(20), limit);
        expect(cut.endsWith('…')).toBe(true);
        expect(cut).not.toMatch(/\p{Cs}/u); // no half of a surrogate pair
        expect(utf8ByteLength(cut)).toBeLessThanOrEqual(limit);
        expect(limit - utf8ByteLength(cut)).toBeLessThan(utf8ByteLength(character));
      }
    }
  });

  it('keeps a lone surrogate as three bytes, like the UTF-8 count', () => {
    expect(truncateUtf8(`ab\ud800cd`, 7)).toBe(`ab\ud800cd`);
    expect(truncateUtf8(`ab\ud800cde`, 7)).toBe('ab…');
  });
});
