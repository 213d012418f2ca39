import { compareByteOrder } from '../util/compare-byte-order.js';
import { stableHash } from '../util/stable-hash.js';
import { assertUnique } from './assert-unique.js';
import type { CatalogEntry } from './catalog-entry.js';
import { encodeDots, encodeWireName } from './encode-wire-name.js';

/** A tool the catalog named otherwise than its own name would have it, and why. */
export interface RenamedTool {
  /** The tool's key in its `tools` record (or its definition's name). */
  readonly key: string;
  /** Its canonical id and wire name in the catalog. */
  readonly id: string;
  readonly wireName: string;
  /** `reserved`: its name is a bridge's; `collision`: another tool has its canonical id or wire name. */
  readonly reason: 'reserved' | 'collision';
  /** The tool whose name it would have shared (the bridge's name, for `reserved`). */
  readonly conflictsWith: string;
}

/** The names of an entry being built, which a conflict may change. */
type Names = Pick<CatalogEntry, 'key' | 'position' | 'namespace'> & {
  localName: string;
  id: string;
  wireName: string;
  encodedId: string;
};

/** Length of the hash an alternative name ends with. */
const HASH_LENGTH = 8;

/**
 * Makes every canonical id and wire name of `entries` (sorted by id, byte
 * order) unique. With `reject`, a collision throws `WireNameCollisionError`,
 * naming both tools. With `rename`, of the tools that share a name the one
 * whose key comes first in byte order (then the earlier given) keeps it, and
 * each other gets a deterministic alternative: its local name followed by a
 * short hash of its key (and position, for two definitions with one name).
 * Returns the renamed tools; the entries are re-sorted when any was.
 *
 * @example
 * resolveNameConflicts(entries, 'rename'); // [{ key: 'memory__save', id: 'memory.save_3f2a…', reason: 'collision', … }]
 */
export function resolveNameConflicts<ENTRY extends Names>(
  entries: ENTRY[],
  mode: 'reject' | 'rename',
): RenamedTool[] {
  if (mode === 'reject') {
    assertUnique(entries as never, (entry: Names) => entry.id, true);
    assertUnique(entries as never, (entry: Names) => entry.wireName);
    return [];
  }
  if (!hasConflict(entries)) return [];
  const renamed: RenamedTool[] = [];
  const ids = new Set<string>();
  const wireNames = new Set<string>();
  // Keepers first: within one id, byte order of key, then input order.
  const ordered = [...entries].sort(
    (left, right) =>
      compareByteOrder(left.id, right.id) ||
      compareByteOrder(left.key, right.key) ||
      left.position - right.position,
  );
  for (const entry of ordered) {
    if (!ids.has(entry.id) && !wireNames.has(entry.wireName)) {
      ids.add(entry.id);
      wireNames.add(entry.wireName);
      continue;
    }
    const conflictsWith = ids.has(entry.id) ? entry.id : entry.wireName;
    let salt = entry.key;
    do {
      const localName = `${entry.localName}_${stableHash(salt).slice(0, HASH_LENGTH)}`;
      entry.localName = localName;
      entry.id = `${entry.namespace}.${localName}`;
      entry.encodedId = encodeDots(entry.id);
      entry.wireName = encodeWireName(entry.id);
      salt = `${salt}\u0000${entry.position}`;
    } while (ids.has(entry.id) || wireNames.has(entry.wireName));
    ids.add(entry.id);
    wireNames.add(entry.wireName);
    renamed.push({
      key: entry.key,
      id: entry.id,
      wireName: entry.wireName,
      reason: 'collision',
      conflictsWith,
    });
  }
  if (renamed.length > 0) entries.sort((left, right) => compareByteOrder(left.id, right.id));
  return renamed;
}

/** Whether two of `entries` (sorted by id) share an id or a wire name: neighbours, then a set. */
function hasConflict(entries: readonly Names[]): boolean {
  for (let index = 1; index < entries.length; index++) {
    if ((entries[index - 1] as Names).id === (entries[index] as Names).id) return true;
  }
  const wireNames = new Set<string>();
  for (const entry of entries) {
    if (wireNames.has(entry.wireName)) return true;
    wireNames.add(entry.wireName);
  }
  return false;
}
