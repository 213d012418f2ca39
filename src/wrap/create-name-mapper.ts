import type { CatalogEntry } from '../catalog/catalog-entry.js';

/** The names a setting's key means in the SDK: one tool's, several tools' (a record key shared by groups), or the key itself. */
export type NamesOf = (name: string) => readonly string[];

/**
 * Maps every spelling a user may key a setting by (record key, canonical id,
 * `__`-encoded id, wire name) to the names the SDK knows those tools by in
 * this request: `nameOf(entry)`. A wire name means its own tool only; a record
 * key that several grouped tools share (`send_email` in `gmail` and in
 * `outlook`) means all of them, as it does in a policy. Other names map to
 * themselves.
 *
 * @example
 * const namesOf = createNameMapper(entries, (entry) => entry.wireName);
 * namesOf('google-calendar.create_event'); // ['google-calendar__create_event']
 */
export function createNameMapper(
  entries: readonly CatalogEntry[],
  nameOf: (entry: CatalogEntry) => string,
): NamesOf {
  // A step looks up a few names (the bridges' own contexts): a scan each costs a fraction
  // of a map of every spelling of a fresh catalog, which only many lookups pay for.
  let names: Map<string, string | string[]> | undefined;
  // Every step looks up the same few names: each is scanned for once.
  const scanned = new Map<string, string[]>();
  return (name) => {
    const known = scanned.get(name);
    if (known !== undefined) return known;
    if (names === undefined && scanned.size < SCANNED_LOOKUPS) {
      const found = scanNames(entries, nameOf, name);
      scanned.set(name, found);
      return found;
    }
    names ??= mapNames(entries, nameOf);
    const found = names.get(name) ?? name;
    return typeof found === 'string' ? [found] : found;
  };
}

/** How many names are scanned for before the map is built. */
const SCANNED_LOOKUPS = 16;

/** What the map gives `name`, found in one pass over the entries. */
function scanNames(
  entries: readonly CatalogEntry[],
  nameOf: (entry: CatalogEntry) => string,
  name: string,
): string[] {
  let wire: CatalogEntry | undefined;
  const byKey: CatalogEntry[] = [];
  const byEncodedId: CatalogEntry[] = [];
  const byId: CatalogEntry[] = [];
  for (const entry of entries) {
    // The map sets wire names last, in entry order: the last entry with the name wins.
    if (entry.wireName === name) wire = entry;
    if (entry.key === name) byKey.push(entry);
    if (entry.encodedId === name) byEncodedId.push(entry);
    if (entry.id === name) byId.push(entry);
  }
  if (wire !== undefined) return [nameOf(wire)];
  const found: string[] = [];
  for (const entry of [...byKey, ...byEncodedId, ...byId]) {
    const spelled = nameOf(entry);
    if (!found.includes(spelled)) found.push(spelled);
  }
  return found.length === 0 ? [name] : found;
}

/**
 * Every spelling, mapped to the name it means or, when it means several
 * tools, their names: a string for most, not an array each, and each spelling
 * read by name (a read by a computed key is slower), a quarter of the cost.
 */
function mapNames(
  entries: readonly CatalogEntry[],
  nameOf: (entry: CatalogEntry) => string,
): Map<string, string | string[]> {
  const names = new Map<string, string | string[]>();
  const add = (spelling: string, entry: CatalogEntry) => {
    const found = names.get(spelling);
    const name = nameOf(entry);
    if (found === undefined) names.set(spelling, name);
    else if (typeof found === 'string') {
      if (found !== name) names.set(spelling, [found, name]);
    } else if (!found.includes(name)) found.push(name);
  };
  for (const entry of entries) add(entry.key, entry);
  for (const entry of entries) add(entry.encodedId, entry);
  for (const entry of entries) add(entry.id, entry);
  // Set last: a tool's wire name always means that tool alone.
  for (const entry of entries) names.set(entry.wireName, nameOf(entry));
  return names;
}
