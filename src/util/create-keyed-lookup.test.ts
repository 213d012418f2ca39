import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKeyedLookup } from './create-keyed-lookup.js';

describe('createKeyedLookup', () => {
  it('finds what a Map of the items finds, before and after its table is built', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'd');
    const items = fc.array(fc.record({ key, value: fc.nat() }), { maxLength: 8 });
    fc.assert(
      fc.property(items, fc.array(key, { maxLength: 40 }), (list, lookups) => {
        const table = new Map(list.map((item) => [item.key, item]));
        const find = createKeyedLookup(list, (item) => item.key);
        for (const wanted of lookups) expect(find(wanted)).toBe(table.get(wanted));
      }),
    );
  });

  it('finds what a Map finds in items sorted by key, unsorted ones and ones with repeated keys', () => {
    const key = fc.string({ maxLength: 3 });
    const lists = fc.oneof(
      fc.uniqueArray(key, { maxLength: 30 }).map((keys) => [...keys].sort()),
      fc.array(key, { maxLength: 30 }),
    );
    fc.assert(
      fc.property(lists, fc.array(key, { maxLength: 40 }), (keys, lookups) => {
        const list = keys.map((itemKey, value) => ({ key: itemKey, value }));
        const table = new Map(list.map((item) => [item.key, item]));
        const find = createKeyedLookup(list, (item) => item.key);
        for (const wanted of [...keys, ...lookups]) expect(find(wanted)).toBe(table.get(wanted));
      }),
    );
  });
});
