/** How many lookups scan the items before the table is built. */
const SCANNED_LOOKUPS = 16;

/**
 * Finds the item whose key is `key` (the last one, as a `Map` of the items
 * would). The first lookups scan the items: a table of a fresh catalog's
 * keys hashes every key, which a cold request that looks up a handful never
 * repays; after 16 lookups the table is built and used.
 *
 * @example
 * const byWireName = createKeyedLookup(entries, (entry) => entry.wireName);
 * byWireName('github__create_issue')?.id; // 'github.create_issue'
 */
export function createKeyedLookup<ITEM>(
  items: readonly ITEM[],
  keyOf: (item: ITEM) => string,
): (key: string) => ITEM | undefined {
  let table: Map<string, ITEM> | undefined;
  let scans = 0;
  return (key) => {
    if (table === undefined && scans < SCANNED_LOOKUPS) {
      scans++;
      for (let index = items.length - 1; index >= 0; index--) {
        const item = items[index] as ITEM;
        if (keyOf(item) === key) return item;
      }
      return undefined;
    }
    table ??= new Map(items.map((item) => [keyOf(item), item]));
    return table.get(key);
  };
}
