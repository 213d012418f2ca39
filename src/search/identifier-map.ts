import type { CatalogEntry } from '../catalog/catalog-entry.js';

/**
 * The positions of the tools each lower-cased identifier (wire name, id,
 * encoded id, key, local name) names, ascending: one position, or several
 * when tools share it (most identifiers name one tool, so most keep no array).
 */
export function identifierMap(entries: readonly CatalogEntry[]): Map<string, number | number[]> {
  const map = new Map<string, number | number[]>();
  for (const [position, entry] of entries.entries()) {
    const forms = [entry.wireName, entry.id, entry.encodedId, entry.key, entry.localName].map(
      (name) => name.toLowerCase(),
    );
    for (const [index, form] of forms.entries()) {
      // A tool is listed once under each of its forms.
      if (forms.indexOf(form) < index) continue;
      const listed = map.get(form);
      if (listed === undefined) map.set(form, position);
      else if (typeof listed === 'number') map.set(form, [listed, position]);
      else listed.push(position);
    }
  }
  return map;
}
