import type { CatalogEntry } from '../catalog/catalog-entry.js';

/**
 * The positions of the tools each lower-cased identifier (wire name, id,
 * encoded id, key, local name) names, ascending: one position, or several
 * when tools share it (most identifiers name one tool, so most keep no array).
 */
export function identifierMap(entries: readonly CatalogEntry[]): Map<string, number | number[]> {
  const map = new Map<string, number | number[]>();
  const list = (form: string, position: number) => {
    const listed = map.get(form);
    if (listed === undefined) map.set(form, position);
    else if (typeof listed === 'number') map.set(form, [listed, position]);
    else listed.push(position);
  };
  for (let position = 0; position < entries.length; position++) {
    const entry = entries[position] as CatalogEntry;
    // A tool is listed once under each of its forms. Most share one (wire name, encoded id and
    // key): a form written as an earlier one is not lowered again, since it lowers the same.
    const wireName = entry.wireName.toLowerCase();
    const id = entry.id.toLowerCase();
    const encodedId = entry.encodedId === entry.wireName ? wireName : entry.encodedId.toLowerCase();
    const key =
      entry.key === entry.wireName
        ? wireName
        : entry.key === entry.encodedId
          ? encodedId
          : entry.key.toLowerCase();
    const localName = entry.localName.toLowerCase();
    list(wireName, position);
    if (id !== wireName) list(id, position);
    if (encodedId !== wireName && encodedId !== id) list(encodedId, position);
    if (key !== wireName && key !== id && key !== encodedId) list(key, position);
    if (
      localName !== wireName &&
      localName !== id &&
      localName !== encodedId &&
      localName !== key
    ) {
      list(localName, position);
    }
  }
  return map;
}
