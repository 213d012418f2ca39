import type { JSONSchema7 } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import { ToolBridgeError } from '../error/tool-bridge-error.js';
import type { SearchIndex } from '../search/ranker.js';
import { createKeyedLookup } from '../util/create-keyed-lookup.js';
import { truncateUtf8 } from '../util/truncate-utf8.js';
import { utf8ByteLength } from '../util/utf8-byte-length.js';
import { effectField } from './effect-field.js';
import { requiredParameters } from './required-parameters.js';
import type { ToolSearchResponse, ToolSearchResult } from './tool-search-response.js';

/** Longest accepted query, in UTF-8 bytes after trimming. */
export const TOOL_SEARCH_MAX_QUERY_BYTES = 1024;
/** Results returned when the model gives no usable `limit`. */
export const TOOL_SEARCH_DEFAULT_LIMIT = 10;
/** Most results one search returns; larger limits are clamped to it. */
export const TOOL_SEARCH_MAX_LIMIT = 50;
/** A result carries its schema only when the schema's compact JSON is at most this many bytes. */
export const TOOL_SEARCH_MAX_SCHEMA_BYTES = 8192;
/**
 * A result's description is cut to this many UTF-8 bytes (between code points,
 * ending with "…"), so one long description cannot crowd out the others;
 * `tool_describe` returns it whole.
 */
export const TOOL_SEARCH_MAX_DESCRIPTION_BYTES = 1024;
/** Schemas are added only while the whole response's compact JSON stays within this many bytes. */
export const TOOL_SEARCH_MAX_RESPONSE_BYTES = 24_576;
/** The `message` of a response whose results are all weak matches. */
export const TOOL_SEARCH_WEAK_RESULTS_MESSAGE =
  'No tool clearly matches this query: these results share only some of its words. Use one only if its description shows it does what the user asked; otherwise try other words, and if nothing fits, tell the user that no available tool can do this.';
/** The `message` of a response without results. */
export const TOOL_SEARCH_NO_RESULTS_MESSAGE =
  'No authorized tool matches this query. Try other words (a service name or an action); if nothing matches, tell the user that no available tool can do this.';

export interface RunToolSearchOptions {
  /** The run's disclosure: it decides which tools may be returned and whether schemas are. */
  disclosure: Disclosure;
  /**
   * An index over `searchableEntries(disclosure)`, usually from
   * `getSearchIndex(disclosure.authorized, ranker, searchableEntries(disclosure))`.
   */
  index: SearchIndex;
  /** The query as the model sent it; it is trimmed before anything else. */
  query: string;
  /**
   * How many results to return; floored and clamped to 1..50. Anything that is
   * not a number (absent, a string, NaN) means the default. @default 10
   */
  limit?: number | undefined;
}

/**
 * The tools `tool_search` may return for a disclosure: the discoverable tools
 * when the surface is deferred (core and pinned tools are advertised already),
 * else every authorized tool (a flat surface has no `tool_search`; the CLI
 * still searches it).
 */
export function searchableEntries(disclosure: Disclosure): readonly CatalogEntry[] {
  return disclosure.deferred ? disclosure.discoverable : disclosure.authorized.entries;
}

/** Searchable entries by canonical id, per (frozen, never mutated) entry list. */
const searchableMaps = new WeakMap<
  readonly CatalogEntry[],
  (id: string) => CatalogEntry | undefined
>();

/**
 * Runs `tool_search`: trims and bounds the query, clamps
 * the limit, ranks with `index`, and returns each result with its complete
 * schema when the schema's JSON is at most 8 KiB and the whole response stays
 * within 24 KiB with it, taken greedily in rank order (`compact` mode never
 * returns schemas). Schemas are never truncated; names are always returned,
 * and descriptions always, cut to 1,024 UTF-8 bytes (`tool_describe` returns
 * them whole). The same inputs give the same JSON, byte for byte.
 *
 * A result the index found only as weak evidence (its words miss the
 * ranker's relevance floor) carries `match: "weak"`; when every result is
 * weak, the response's `message` tells the model what that means.
 *
 * Results are re-resolved by canonical id against `searchableEntries(disclosure)`:
 * a tool outside it (denied, core, pinned, or from a mismatched index) is never
 * returned, and every field comes from this disclosure's own catalog.
 *
 * @throws ToolBridgeError `query_too_long` when the trimmed query exceeds 1,024 UTF-8 bytes.
 *
 * @example
 * const index = await getSearchIndex(disclosure.authorized, ranker, searchableEntries(disclosure));
 * const response = await runToolSearch({ disclosure, index, query: 'send an email', limit: 5 });
 * JSON.stringify(response); // what the model receives
 */
export async function runToolSearch({
  disclosure,
  index,
  query,
  limit,
}: RunToolSearchOptions): Promise<ToolSearchResponse> {
  if (typeof query !== 'string') {
    throw new ToolBridgeError({
      kind: 'invalid_arguments',
      message:
        'tool_search needs "query" as a string: a service name, an action, or an exact tool name.',
    });
  }
  const trimmed = query.trim();
  const queryBytes = utf8ByteLength(trimmed);
  if (queryBytes > TOOL_SEARCH_MAX_QUERY_BYTES) {
    throw new ToolBridgeError({
      kind: 'query_too_long',
      message:
        `The query is ${queryBytes} bytes long (UTF-8); tool_search accepts at most ` +
        `${TOOL_SEARCH_MAX_QUERY_BYTES} bytes. Shorten the query to a few words: a service name, ` +
        'an action, or an exact tool name.',
      details: { max_bytes: TOOL_SEARCH_MAX_QUERY_BYTES, query_bytes: queryBytes },
    });
  }
  const count = clampLimit(limit);
  const searchable = searchableById(disclosure);

  const entries: CatalogEntry[] = [];
  const weak = new Set<CatalogEntry>();
  for (const ranked of await index.search(trimmed, count)) {
    const current = searchable(ranked.entry.id);
    if (current !== undefined && !entries.includes(current)) {
      entries.push(current);
      if (ranked.weak === true) weak.add(current);
    }
    if (entries.length === count) break;
  }

  const results: ToolSearchResult[] = entries.map((entry) => ({
    name: entry.wireName,
    capability_id: entry.id,
    description: truncateUtf8(entry.description, TOOL_SEARCH_MAX_DESCRIPTION_BYTES),
    ...effectField(entry),
    ...(weak.has(entry) ? { match: 'weak' as const } : {}),
    required: requiredParameters(entry.parameters),
    schema_complete: false,
  }));
  if (disclosure.mode !== 'compact') addSchemas(trimmed, entries, results);

  if (results.length === 0) {
    return { query: trimmed, results, message: TOOL_SEARCH_NO_RESULTS_MESSAGE };
  }
  return weak.size === results.length
    ? { query: trimmed, results, message: TOOL_SEARCH_WEAK_RESULTS_MESSAGE }
    : { query: trimmed, results };
}

/** The bytes of `,"parameters":`, which a result given its schema gains besides the schema. */
const PARAMETERS_FIELD_BYTES = ',"parameters":'.length;

/** Gives results their schemas, best first, while each fits its own bound and the response's. */
function addSchemas(
  query: string,
  entries: readonly CatalogEntry[],
  results: ToolSearchResult[],
): void {
  let responseBytes = jsonBytes({ query, results });
  entries.forEach((entry, position) => {
    const schemaJson = JSON.stringify(entry.parameters);
    const schemaBytes = utf8ByteLength(schemaJson);
    if (schemaBytes > TOOL_SEARCH_MAX_SCHEMA_BYTES) return;
    const without = results[position] as ToolSearchResult;
    // A copy, so no caller can mutate the catalog's schema through a response.
    const complete: ToolSearchResult = {
      ...without,
      schema_complete: true,
      parameters: JSON.parse(schemaJson) as JSONSchema7,
    };
    // Only this element of the results array changes, so the growth is exact: `false`
    // becomes `true` in place, and `,"parameters":` and the schema's JSON are appended.
    const growth = schemaBytes + PARAMETERS_FIELD_BYTES - 1;
    if (responseBytes + growth > TOOL_SEARCH_MAX_RESPONSE_BYTES) return;
    results[position] = complete;
    responseBytes += growth;
  });
}

function clampLimit(limit: unknown): number {
  if (typeof limit !== 'number' || Number.isNaN(limit)) return TOOL_SEARCH_DEFAULT_LIMIT;
  return Math.min(TOOL_SEARCH_MAX_LIMIT, Math.max(1, Math.floor(limit)));
}

function searchableById(disclosure: Disclosure): (id: string) => CatalogEntry | undefined {
  const entries = searchableEntries(disclosure);
  let byId = searchableMaps.get(entries);
  if (byId === undefined) {
    byId = createKeyedLookup(entries, (entry) => entry.id);
    searchableMaps.set(entries, byId);
  }
  return byId;
}

function jsonBytes(value: unknown): number {
  return utf8ByteLength(JSON.stringify(value));
}
