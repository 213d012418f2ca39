import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { hashText } from '../util/hash-text.js';

/** The positions of the tools a lower-cased identifier names, ascending; empty when none. */
export type IdentifierLookup = (identifier: string) => readonly number[];

/**
 * Finds the tools each lower-cased identifier (wire name, id, encoded id,
 * key, local name) names, by position in `entries`: several when tools share
 * it. Kept as the hashes of every tool's lower-cased identifiers, sorted, and a
 * tool found by a hash is compared with the identifier itself, so a shared hash
 * never names a tool: a map of every identifier as a string was 1.9 MB at
 * 10,000 tools, where these arrays are 0.3 MB.
 *
 * @example
 * const lookup = createIdentifierLookup(entries);
 * lookup('mail.send'); // [3]
 */
export function createIdentifierLookup(entries: readonly CatalogEntry[]): IdentifierLookup {
  const { hashes, positions } = sortedHashes(entries);
  return (identifier) => {
    const hash = hashText(identifier);
    const found: number[] = [];
    for (let index = lowerBound(hashes, hash); hashes[index] === hash; index++) {
      const position = positions[index] as number;
      if (
        found.at(-1) !== position &&
        identifiersOf(entries[position] as CatalogEntry).includes(identifier)
      ) {
        found.push(position);
      }
    }
    return found;
  };
}

/**
 * The hash of each identifier of each tool, and the tool's position, sorted by hash then
 * position: a hash's tools are found in one range, in position order. Made apart from the
 * lookup, whose closure would otherwise keep the unsorted lists alive.
 */
function sortedHashes(entries: readonly CatalogEntry[]): {
  hashes: Int32Array;
  positions: Int32Array;
} {
  const hashes: number[] = [];
  const positions: number[] = [];
  for (let position = 0; position < entries.length; position++) {
    const forms = identifiersOf(entries[position] as CatalogEntry);
    for (let index = 0; index < forms.length; index++) {
      hashes.push(hashText(forms[index] as string));
      positions.push(position);
    }
  }
  const order = Int32Array.from(hashes.keys()).sort(
    (left, right) =>
      compareNumbers(hashes[left] as number, hashes[right] as number) ||
      (positions[left] as number) - (positions[right] as number),
  );
  return {
    hashes: Int32Array.from(order, (index) => hashes[index] as number),
    positions: Int32Array.from(order, (index) => positions[index] as number),
  };
}

/**
 * A tool's lower-cased identifiers, each once. Most share one (wire name, encoded id and key):
 * a form written as an earlier one is not lowered again, since it lowers the same.
 */
function identifiersOf(entry: CatalogEntry): string[] {
  const wireName = entry.wireName.toLowerCase();
  const forms = [wireName];
  const add = (form: string) => {
    if (!forms.includes(form)) forms.push(form);
  };
  add(entry.id.toLowerCase());
  add(entry.encodedId === entry.wireName ? wireName : entry.encodedId.toLowerCase());
  if (entry.key !== entry.wireName && entry.key !== entry.encodedId) add(entry.key.toLowerCase());
  add(entry.localName.toLowerCase());
  return forms;
}

function compareNumbers(left: number, right: number): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The first index of `sorted` whose value is not below `value`. */
function lowerBound(sorted: Int32Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
