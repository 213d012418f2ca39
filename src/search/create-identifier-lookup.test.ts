import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createCatalog } from '../catalog/create-catalog.js';
import { hashText } from '../util/hash-text.js';
import { createIdentifierLookup } from './create-identifier-lookup.js';

/** Every lower-cased identifier of a tool. */
function identifiers(entry: CatalogEntry): string[] {
  return [entry.wireName, entry.id, entry.encodedId, entry.key, entry.localName].map((form) =>
    form.toLowerCase(),
  );
}

describe('createIdentifierLookup', () => {
  it('finds exactly the tools an identifier names, in position order, for any catalog', async () => {
    const word = fc.constantFrom('mail', 'Send', 'send', 'CHAT', 'post_message', 'a', 'files');
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.tuple(word, word), {
          minLength: 1,
          maxLength: 12,
          selector: ([namespace, local]) => `${namespace}.${local}`.toLowerCase(),
        }),
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 5 }),
        async (names, strays) => {
          const { entries } = await createCatalog({
            definitions: names.map(([namespace, local]) => ({
              name: `${namespace}__${local}`,
              description: 'A tool.',
            })),
          });
          const lookup = createIdentifierLookup(entries);
          const asked = [
            ...entries.flatMap(identifiers),
            ...strays.map((stray) => stray.toLowerCase()),
          ];
          for (const identifier of asked) {
            const expected = entries.flatMap((entry, position) =>
              identifiers(entry).includes(identifier) ? [position] : [],
            );
            expect(lookup(identifier)).toEqual(expected);
          }
        },
      ),
      { seed: 14_2026, numRuns: 60 },
    );
  });

  it('names no tool by an identifier that only shares its hash', async () => {
    // Two local names with one hash, found by trying names in turn (a birthday search).
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let index = 0; pair === undefined; index++) {
      const name = `t${index.toString(36)}`;
      const other = seen.get(hashText(name));
      if (other === undefined) seen.set(hashText(name), name);
      else pair = [other, name];
    }
    const [kept, stranger] = pair;
    const { entries } = await createCatalog({
      definitions: [{ name: kept, description: 'A tool.' }],
    });
    const lookup = createIdentifierLookup(entries);
    expect(hashText(stranger)).toBe(hashText(kept));
    expect(lookup(kept)).toEqual([0]);
    expect(lookup(stranger)).toEqual([]);
    expect(lookup(kept.toUpperCase())).toEqual([]);
  });
});
