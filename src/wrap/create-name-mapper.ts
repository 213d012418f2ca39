import type { CatalogEntry } from '../catalog/catalog-entry.js';

/**
 * Maps every spelling a user may key a setting by (record key, canonical id,
 * `__`-encoded id, wire name) to the name the SDK knows the tool by in this
 * request: `nameOf(entry)`. Other names map to themselves.
 *
 * @example
 * const wireNameOf = createNameMapper(entries, (entry) => entry.wireName);
 * wireNameOf('google-calendar.create_event'); // 'google-calendar__create_event'
 */
export function createNameMapper(
  entries: readonly CatalogEntry[],
  nameOf: (entry: CatalogEntry) => string,
): (name: string) => string {
  const names = new Map<string, string>();
  // Wire names are set last, so a tool's wire name always means that tool.
  for (const form of ['key', 'encodedId', 'id', 'wireName'] as const) {
    for (const entry of entries) names.set(entry[form], nameOf(entry));
  }
  return (name) => names.get(name) ?? name;
}
