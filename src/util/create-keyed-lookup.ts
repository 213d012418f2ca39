/** How many lookups scan the items before the table is built. */
const SCANNED_LOOKUPS = 16;

/**
 * Finds the item whose key is `key` (the last one, as a `Map` of the items
 * would). The first lookup reads every key once, and learns whether the items
 * are in ascending order of key (a catalog's entries are, by id): then every
 * lookup is a binary search. Otherwise the first lookups scan the items: a
 * table of a fresh catalog's keys hashes every key, which a cold request that
 * looks up a handful never repays; after 16 lookups the table is built and used.
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
  let ascending: boolean | undefined;
  let scans = 0;
  return (key) => {
    if (ascending === undefined) {
      const [found, sorted] = scanOnce(items, keyOf, key);
      ascending = sorted;
      scans++;
      return found;
    }
    if (ascending) return binarySearch(items, keyOf, key);
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

/** The last item keyed `key`, and whether the keys strictly ascend (code unit order), in one pass. */
function scanOnce<ITEM>(
  items: readonly ITEM[],
  keyOf: (item: ITEM) => string,
  key: string,
): [ITEM | undefined, boolean] {
  let found: ITEM | undefined;
  let sorted = true;
  let previous: string | undefined;
  for (const item of items) {
    const current = keyOf(item);
    if (current === key) found = item;
    if (previous !== undefined && !(previous < current)) sorted = false;
    previous = current;
  }
  return [found, sorted];
}

function binarySearch<ITEM>(
  items: readonly ITEM[],
  keyOf: (item: ITEM) => string,
  key: string,
): ITEM | undefined {
  let low = 0;
  let high = items.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const item = items[middle] as ITEM;
    const current = keyOf(item);
    if (current === key) return item;
    if (current < key) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}
