import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createNameMapper } from './create-name-mapper.js';

describe('createNameMapper', () => {
  it('maps a wire name to its tool alone, and a shared record key to every tool', () => {
    const entries = [
      { key: 'send', id: 'gmail.send', encodedId: 'gmail__send', wireName: 'gmail__send' },
      { key: 'send', id: 'outlook.send', encodedId: 'outlook__send', wireName: 'outlook__send' },
    ] as unknown as CatalogEntry[];
    const namesOf = createNameMapper(entries, (found) => found.wireName);
    expect(namesOf('send')).toEqual(['gmail__send', 'outlook__send']);
    expect(namesOf('outlook.send')).toEqual(['outlook__send']);
    expect(namesOf('gmail__send')).toEqual(['gmail__send']);
    expect(namesOf('other')).toEqual(['other']);
  });

  it('gives every spelling the names of the tools it means, in order, wire names first, scanned or mapped', () => {
    const names = ['a', 'b', 'a.b', 'a__b', 'send'];
    const spelling = fc.constantFrom(...names);
    const entry = fc
      .record({ key: spelling, id: spelling, encodedId: spelling, wireName: spelling })
      .map((fields) => fields as unknown as CatalogEntry);
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), fc.boolean(), (entries, byKey) => {
        const nameOf = (found: CatalogEntry) => (byKey ? found.key : found.wireName);
        const scanned = createNameMapper(entries, nameOf);
        const mapped = createNameMapper(entries, nameOf);
        // Enough lookups that every later one reads the map, not a scan.
        for (let lookup = 0; lookup < 64; lookup++) mapped('none');
        for (const name of [...names, 'none']) {
          const wire = [...entries].reverse().find((found) => found.wireName === name);
          const meant = (['key', 'encodedId', 'id'] as const).flatMap((form) =>
            entries.filter((found) => found[form] === name).map(nameOf),
          );
          const expected =
            wire !== undefined ? [nameOf(wire)] : meant.length > 0 ? [...new Set(meant)] : [name];
          expect(scanned(name)).toEqual(expected);
          expect(mapped(name)).toEqual(expected);
        }
      }),
    );
  });
});
