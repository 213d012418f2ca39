import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareByteOrder } from './compare-byte-order.js';
import { createByteOrderComparator } from './create-byte-order-comparator.js';

describe('createByteOrderComparator', () => {
  it('orders as compareByteOrder, surrogates or not', () => {
    const unit = fc.constantFrom('a', 'z', '.', '_', '\uE000', '\uFFFF', '\u{1F600}', '\uD800');
    const text = fc.array(unit, { maxLength: 6 }).map((units) => units.join(''));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 8 }), (texts) => {
        const compare = createByteOrderComparator(texts);
        for (const left of texts) {
          for (const right of texts) {
            expect(Math.sign(compare(left, right))).toBe(compareByteOrder(left, right));
          }
        }
      }),
    );
  });

  it('falls back to compareByteOrder when a text holds a surrogate', () => {
    expect(createByteOrderComparator(['a', 'b.\u{1F600}'])).toBe(compareByteOrder);
    expect(createByteOrderComparator(['a', 'b.\uFF01'])).not.toBe(compareByteOrder);
  });
});
