import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareByteOrder } from './compare-byte-order.js';

/** The definition: code point by code point, a lone surrogate counting as its own value. */
function byCodePoints(left: string, right: string): number {
  const a = [...left].map((character) => character.codePointAt(0) as number);
  const b = [...right].map((character) => character.codePointAt(0) as number);
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    if (a[index] !== b[index]) return (a[index] as number) < (b[index] as number) ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

describe('compareByteOrder', () => {
  it('orders characters above U+FFFF after U+E000–U+FFFF, as UTF-8 bytes do', () => {
    expect(compareByteOrder('a.\u{1F600}', 'a.\uFF01')).toBe(1);
    expect('a.\u{1F600}' < 'a.\uFF01').toBe(true);
    expect(compareByteOrder('github.create', 'github.delete')).toBe(-1);
    expect(compareByteOrder('github.create', 'github.create')).toBe(0);
    expect(compareByteOrder('github', 'github.create')).toBe(-1);
  });

  it('is code point order on any strings, lone surrogates and shared prefixes included', () => {
    const unit = fc.oneof(
      fc.constantFrom(
        'a',
        'z',
        '.',
        '_',
        '\uE000',
        '\uFFFF',
        '\uD83D',
        '\uDE00',
        '\uD800',
        '\uDBFF',
      ),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    );
    const text = fc.array(unit, { maxLength: 8 }).map((units) => units.join(''));
    const prefix = fc.string({ unit: 'grapheme', maxLength: 6 });
    fc.assert(
      fc.property(prefix, text, text, (shared, left, right) => {
        const a = shared + left;
        const b = shared + right;
        expect(compareByteOrder(a, b)).toBe(byCodePoints(a, b));
        expect(compareByteOrder(b, a)).toBe(-byCodePoints(a, b) || 0);
      }),
      { numRuns: 3_000 },
    );
  });
});
