import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareByteOrder } from '../util/compare-byte-order.js';
import type { CatalogEntry } from './catalog-entry.js';
import { sortById } from './sort-by-id.js';

/** An entry with only an id, and its position in the input to tell equal ids apart. */
const entryOf = (id: string, position: number) => ({ id, position }) as unknown as CatalogEntry;

describe('sortById', () => {
  it('sorts by byte order as compareByteOrder does, stably, with or without surrogates', () => {
    // Code units around the surrogates, where code unit and code point order differ.
    const unit = fc.constantFrom(
      'a',
      'b',
      '.',
      '\uD83D',
      '\uDE00',
      '\uD83D\uDE00',
      '\uE000',
      '\uFFFF',
    );
    fc.assert(
      fc.property(fc.array(fc.array(unit, { maxLength: 4 }), { maxLength: 12 }), (ids) => {
        const entries = ids.map((units, position) => entryOf(units.join(''), position));
        const expected = [...entries].sort((left, right) => compareByteOrder(left.id, right.id));
        expect(sortById(entries)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves its input as it was', () => {
    const entries = [entryOf('mail.send', 0), entryOf('crm.find', 1)];
    expect(sortById(entries).map((entry) => entry.id)).toEqual(['crm.find', 'mail.send']);
    expect(entries.map((entry) => entry.id)).toEqual(['mail.send', 'crm.find']);
  });
});
