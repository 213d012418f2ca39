import type { SizedCache } from '../cache/create-sized-cache.js';
import { getDefaultToolDisclosureCache } from '../cache/tool-disclosure-cache.js';
import type { AuthorizedCatalog } from '../catalog/authorized-catalog.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { SearchIndexSnapshotDamagedError } from '../error/search-index-snapshot-damaged-error.js';
import { SearchIndexSnapshotMismatchError } from '../error/search-index-snapshot-mismatch-error.js';
import { describeError } from '../util/describe-error.js';
import { truncateUtf8 } from '../util/truncate-utf8.js';
import { isDefaultRankerName } from './create-orama-ranker.js';
import { findSavedIndexDamage } from './find-saved-index-damage.js';
import { getSearchIndex, indexedSet } from './get-search-index.js';
import type { Ranker, SearchIndex } from './ranker.js';

/** The `format` of every search index snapshot. */
const snapshotFormat = 'tool-disclosure.search-index';

/** The version of the snapshot layout this package writes and reads. */
const snapshotVersion = 1;

/**
 * A prebuilt search index as plain JSON data: the ranker's saved index and
 * what it was built over, so it is only ever loaded for that catalog.
 */
export interface SearchIndexSnapshot {
  readonly format: typeof snapshotFormat;
  readonly version: typeof snapshotVersion;
  /** The ranker's name. */
  readonly ranker: string;
  /** The authorized catalog's fingerprint. */
  readonly catalog: string;
  /** `*` for every authorized tool, else a hash of the indexed tools' canonical ids. */
  readonly tools: string;
  /** The ranker's saved index (`Ranker.saveIndex`). */
  readonly index: unknown;
}

/**
 * A snapshot of the index `getSearchIndex` serves for these arguments (built,
 * or taken from `cache`), to write out at build time and pass to
 * `getSearchIndex` (or the wrapper's `searchIndex` option) at a cold start:
 * loading it skips analyzing the tools and building Orama's tree.
 *
 * @throws InvalidOptionError when the ranker cannot save its indexes.
 *
 * @example
 * const snapshot = await createSearchIndexSnapshot(disclosure.authorized, RANKERS.default());
 * await writeFile('search-index.json', JSON.stringify(snapshot));
 */
export async function createSearchIndexSnapshot(
  authorized: AuthorizedCatalog,
  ranker: Ranker,
  entries: readonly CatalogEntry[] = authorized.entries,
  cache: SizedCache = getDefaultToolDisclosureCache(),
): Promise<SearchIndexSnapshot> {
  if (ranker.saveIndex === undefined || ranker.loadIndex === undefined) {
    throw new InvalidOptionError({
      option: 'ranker',
      value: ranker.name,
      expected: 'a ranker with saveIndex and loadIndex, such as RANKERS.default()',
    });
  }
  const { subset } = indexedSet(authorized, entries);
  const index: SearchIndex = await getSearchIndex(authorized, ranker, entries, cache);
  return {
    format: snapshotFormat,
    version: snapshotVersion,
    ranker: ranker.name,
    catalog: authorized.fingerprint,
    tools: subset,
    index: ranker.saveIndex(index),
  };
}

/** Why a snapshot is not used: taken of another catalog, ranker or tool set, or damaged. */
export type SearchIndexSnapshotProblem =
  | SearchIndexSnapshotMismatchError
  | SearchIndexSnapshotDamagedError;

/**
 * Why `snapshot`'s header says it cannot serve as the index of `ranker` over
 * the tools named by `subset` of the catalog with `fingerprint`; undefined
 * when it can. The header alone: its saved index is checked when it is loaded
 * (`loadSearchIndexSnapshot`).
 */
export function snapshotHeaderMismatch(
  snapshot: unknown,
  ranker: Ranker,
  fingerprint: string,
  subset: string,
): SearchIndexSnapshotMismatchError | undefined {
  if (ranker.loadIndex === undefined) {
    return new SearchIndexSnapshotMismatchError({
      field: 'ranker',
      expected: `a ranker that loads snapshots (${ranker.name} does not)`,
      actual: own(snapshot, 'ranker'),
    });
  }
  const checks: [SearchIndexSnapshotMismatchError['field'], string][] = [
    ['format', snapshotFormat],
    ['version', String(snapshotVersion)],
    ['ranker', ranker.name],
    ['catalog', fingerprint],
    ['tools', subset],
  ];
  for (const [field, expected] of checks) {
    const actual = own(snapshot, field);
    // The type first: `String` of a deeply nested array overflows the stack.
    if ((typeof actual !== 'string' && typeof actual !== 'number') || String(actual) !== expected) {
      return new SearchIndexSnapshotMismatchError({ field, expected, actual });
    }
  }
  return undefined;
}

/**
 * What to warn of before a search with `snapshot` as the index of `ranker`
 * over the tools named by `subset` of the catalog with `fingerprint`: that
 * its header does not match, or that its saved index is damaged (as far as
 * that is seen without the tools: the default ranker's layout and counts, or
 * an earlier load that failed). Undefined when it can serve, and also when
 * this problem of this snapshot, ranker, catalog and tool set was returned
 * before: `getSearchIndex` checks again itself and builds the index when the
 * snapshot cannot serve, so a snapshot passed on after its warning is never
 * loaded.
 *
 * Each problem is returned once, not at every search: a user expects to hear
 * that the saved index is not used, and why, once, where warnings go (logs,
 * alerts). The same words at every request of a busy server would bury
 * them and say nothing new, since the index built instead stays cached and
 * the snapshot is not tried again. A new snapshot object (the file read
 * again after a deploy) is checked and reported afresh.
 */
export function snapshotMismatch(
  snapshot: unknown,
  ranker: Ranker,
  fingerprint: string,
  subset: string,
): SearchIndexSnapshotProblem | undefined {
  const problem =
    snapshotProblem(snapshot, ranker, fingerprint, subset) ?? layoutDamage(snapshot, ranker);
  if (problem === undefined) return undefined;
  return isFirstReport(snapshot, JSON.stringify([ranker.name, fingerprint, subset]))
    ? problem
    : undefined;
}

/**
 * The index saved in `snapshot`, loaded by `ranker` over `entries` (the tools
 * named by `subset` of the catalog with `fingerprint`). Rejects with the
 * problem when the snapshot cannot serve: its header does not match, or its
 * saved index is damaged (`SearchIndexSnapshotDamagedError`, whatever the
 * ranker's `loadIndex` threw). A snapshot whose load failed is not loaded
 * again in this process: it is as damaged the next time.
 */
export async function loadSearchIndexSnapshot(
  snapshot: SearchIndexSnapshot,
  ranker: Ranker,
  entries: readonly CatalogEntry[],
  fingerprint: string,
  subset: string,
): Promise<SearchIndex> {
  let problem: SearchIndexSnapshotProblem | undefined;
  try {
    problem = snapshotProblem(snapshot, ranker, fingerprint, subset);
    if (problem === undefined) {
      return await (ranker.loadIndex as NonNullable<Ranker['loadIndex']>)(
        own(snapshot, 'index'),
        entries,
      );
    }
  } catch (error) {
    problem = SearchIndexSnapshotDamagedError.isInstance(error)
      ? error
      : new SearchIndexSnapshotDamagedError({
          path: 'index',
          actual: own(snapshot, 'index'),
          expected: `an index ${ranker.name} loads (its loadIndex threw ${truncateUtf8(describeError(error), LOAD_ERROR_MAX_BYTES)})`,
          cause: error,
        });
    if (typeof snapshot === 'object' && snapshot !== null) failedLoads.set(snapshot, problem);
  }
  throw problem;
}

/** The most of a ranker's own load error a damage message quotes. */
const LOAD_ERROR_MAX_BYTES = 200;

/** Saved indexes that failed to load, by snapshot: a damaged snapshot is loaded once. */
const failedLoads = new WeakMap<object, SearchIndexSnapshotDamagedError>();

/** The problems `snapshotMismatch` returned, by snapshot: the latest keys (ranker, catalog, tool set). */
const reported = new WeakMap<object, string[]>();

/** How many keys one snapshot's reports are remembered under: bounded, whatever the app does. */
const REPORTED_KEYS_MAX = 16;

/** The verdict on each matching snapshot's saved index (`layoutDamage`), by snapshot. */
const layoutVerdicts = new WeakMap<object, SearchIndexSnapshotDamagedError | null>();

/** Why `snapshot` cannot serve, as its header tells, or an earlier load or check found. */
function snapshotProblem(
  snapshot: unknown,
  ranker: Ranker,
  fingerprint: string,
  subset: string,
): SearchIndexSnapshotProblem | undefined {
  return (
    snapshotHeaderMismatch(snapshot, ranker, fingerprint, subset) ??
    // The header matched: `snapshot` is an object.
    failedLoads.get(snapshot as object) ??
    layoutVerdicts.get(snapshot as object) ??
    undefined
  );
}

/**
 * What is wrong with the layout of a snapshot's saved index that its header
 * says `ranker` wrote, seen without the tools (`findSavedIndexDamage`, for
 * the default ranker's; other rankers' are checked by their `loadIndex`).
 * Once per snapshot object: `snapshotMismatch` runs before every search, and
 * the check walks every document (about 10 ms at 10,000 tools).
 */
function layoutDamage(
  snapshot: unknown,
  ranker: Ranker,
): SearchIndexSnapshotDamagedError | undefined {
  if (typeof snapshot !== 'object' || snapshot === null || !isDefaultRankerName(ranker.name)) {
    return undefined;
  }
  let verdict = layoutVerdicts.get(snapshot);
  if (verdict === undefined) {
    verdict = findSavedIndexDamage(own(snapshot, 'index')) ?? null;
    layoutVerdicts.set(snapshot, verdict);
  }
  return verdict ?? undefined;
}

/** True the first time `key` is reported for `snapshot` (within the latest `REPORTED_KEYS_MAX`). */
function isFirstReport(snapshot: unknown, key: string): boolean {
  if (typeof snapshot !== 'object' || snapshot === null) return true;
  let keys = reported.get(snapshot);
  if (keys === undefined) {
    keys = [];
    reported.set(snapshot, keys);
  }
  if (keys.includes(key)) return false;
  if (keys.length >= REPORTED_KEYS_MAX) keys.shift();
  keys.push(key);
  return true;
}

/** `value[key]` when `value` is an object that has it as its own property; never a prototype's. */
function own(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
