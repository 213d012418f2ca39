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
  // Built at the first lookup: a request whose settings name no tool never needs it.
  let names: Map<string, string[]> | undefined;
  return (name) => {
    names ??= mapNames(entries, nameOf);
    return names.get(name) ?? [name];
  };
}

function mapNames(
  entries: readonly CatalogEntry[],
  nameOf: (entry: CatalogEntry) => string,
): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const form of ['key', 'encodedId', 'id'] as const) {
    for (const entry of entries) {
      const found = names.get(entry[form]);
      const name = nameOf(entry);
      if (found === undefined) names.set(entry[form], [name]);
      else if (!found.includes(name)) found.push(name);
    }
  }
  // Set last: a tool's wire name always means that tool alone.
  for (const entry of entries) names.set(entry.wireName, [nameOf(entry)]);
  return names;
}
