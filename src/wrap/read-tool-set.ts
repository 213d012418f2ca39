import type { Tool, ToolSet } from 'ai';
import { catalogNamesOf } from '../catalog/catalog-names-of.js';
import type { NamespaceDeclaration } from '../catalog/create-catalog.js';
import { toolContextOf } from '../catalog/describe-tool.js';
import {
  isPromiseLike,
  isToolReadingCurrent,
  keepToolReading,
  readTool,
  type ToolContent,
  type ToolReading,
} from '../catalog/read-tool-content.js';
import { contentDigest } from '../util/content-digest.js';
import { isFrozenToolRecord, isToolFieldInherited } from './is-frozen-tool-record.js';

/** The tools of one request as they are now: what the catalog is built from. */
export interface ToolSetReading {
  /**
   * The content of everything the catalog shows the model, as SHA-256 digests
   * of each record (record keys, order, schemas, descriptions, the metadata the
   * catalog reads) plus the descriptions that depend on this request's context
   * and the options that shape the catalog; undefined when some tool cannot be
   * read, so nothing is cached for it.
   */
  readonly key: string | undefined;
  /** The tool at a catalog position (grouped tools first, in namespace order, then `tools`). */
  toolAt(position: number): Tool | undefined;
  /**
   * The records as they were read, to build the catalog from: a record
   * changed after it was read (while a schema is awaited, say) cannot give
   * the catalog other tools than the key and `toolAt` describe.
   */
  snapshot(): { tools: ToolSet; namespaces: Record<string, NamespaceDeclaration> };
}

export interface ReadToolSetOptions {
  tools: ToolSet;
  namespaces: Record<string, NamespaceDeclaration> | undefined;
  toolsContext: unknown;
  core: readonly string[];
  defaultNamespace: string;
}

/** One record's keys, tools and their contents, with the record's digest. */
interface RecordReading {
  readonly keys: readonly string[];
  readonly tools: readonly unknown[];
  /** Each tool's reading: undefined for a value that is not a tool object. */
  readonly readings: readonly (ToolReading | undefined)[];
  readonly contents: readonly (ToolContent | undefined)[];
  /** Undefined when some value is not a tool object. */
  readonly digest: string | PromiseLike<string> | undefined;
  /** Positions (within the record) of tools whose description is a function of their context. */
  readonly contextual: readonly number[];
}

const recordReadings = new WeakMap<object, RecordReading>();
/** Records whose reading cannot go stale: frozen, with frozen tools (`isFrozenToolRecord`). */
const frozenRecords = new WeakSet<object>();
/** Recent readings by their first tool, for fresh records copied from a record read before. */
const readingsByFirstTool = new WeakMap<object, RecordReading[]>();
/** How many readings one first tool keeps (a few per application's base record). */
const READINGS_PER_FIRST_TOOL = 4;
/**
 * The contents of recent records by their first key, for records of new tool
 * objects with the same names (an MCP client's `tools()` called per request):
 * at most `RECENT_FIRST_KEYS` first keys, the least recently read dropped first.
 */
const recentByFirstKey = new Map<string, RecentContents>();
const RECENT_FIRST_KEYS = 64;

/** What a record of new tool objects is compared with: the names, contents and digest of one read before. */
interface RecentContents {
  readonly keys: readonly string[];
  readonly contents: readonly (ToolContent | undefined)[];
  readonly digest: string | PromiseLike<string> | undefined;
}

/**
 * Reads a request's tools records as they are now and keys them by content.
 * A record seen before is checked in one pass (same keys, same tool objects,
 * same tool fields) and its digest reused, so a warm request does no hashing
 * beyond the descriptions that depend on this request's context; a record
 * changed in place, or a fresh record of other tools, is read again. A record
 * that was frozen with its tools when it was read (`freezeTools`) cannot
 * change, so it is not checked again: a warm request costs the same at 100
 * tools as at 10,000. Two records with equal content get equal keys, whatever
 * their identity.
 */
export function readToolSet(options: ReadToolSetOptions, mode: 'sync'): ToolSetReading;
export function readToolSet(
  options: ReadToolSetOptions,
  mode: 'async',
): ToolSetReading | Promise<ToolSetReading>;
export function readToolSet(
  { tools, namespaces = {}, toolsContext, core, defaultNamespace }: ReadToolSetOptions,
  mode: 'sync' | 'async',
): ToolSetReading | Promise<ToolSetReading> {
  const groups = Object.entries(namespaces).map(([name, declaration]) => ({
    name,
    description: declaration?.description ?? null,
    reading: readRecord(declaration?.tools ?? {}),
  }));
  const flat = readRecord(tools);
  const readings = [...groups.map((group) => group.reading), flat];
  const toolAt = (position: number): Tool | undefined => {
    let offset = position;
    for (const reading of readings) {
      if (offset < reading.tools.length) return reading.tools[offset] as Tool | undefined;
      offset -= reading.tools.length;
    }
    return undefined;
  };
  const snapshot = () => ({
    // The catalog reads each tool's content through `readToolContent`: the readings keyed here.
    tools: recordOf(keepReadings(flat)),
    namespaces: Object.fromEntries(
      groups.map((group) => [
        group.name,
        {
          ...(group.description === null ? {} : { description: group.description }),
          tools: recordOf(keepReadings(group.reading)),
        },
      ]),
    ),
  });

  const contexts = toolsContext != null && typeof toolsContext === 'object' ? toolsContext : {};
  const groupNames = [...groups.map((group) => group.name), undefined];
  const descriptions = contextualDescriptions(readings, groupNames, contexts, defaultNamespace);
  const digests = readings.map((reading) => reading.digest);
  const keyOf = (settled: readonly (string | undefined)[]): string | undefined => {
    if (descriptions === undefined || settled.includes(undefined)) return undefined;
    // The records are already digests, so the key is their list as it is: no hashing per request.
    try {
      return JSON.stringify([
        core,
        defaultNamespace,
        groups.map((group, index) => [group.name, group.description, settled[index]]),
        settled[settled.length - 1],
        descriptions,
      ]);
    } catch {
      return undefined;
    }
  };
  if (!digests.some(isPromiseLike)) {
    return { key: keyOf(digests as (string | undefined)[]), toolAt, snapshot };
  }
  if (mode === 'sync') return { key: undefined, toolAt, snapshot };
  return Promise.all(digests).then(
    (settled) => ({ key: keyOf(settled), toolAt, snapshot }),
    () => ({ key: undefined, toolAt, snapshot }),
  );
}

/**
 * The reading of `record`, reused while nothing in it changed; a fresh record
 * of the same keys and tool objects (`{ ...tools }`) reuses the reading of the
 * record it was copied from, found through its first tool. A frozen record
 * of frozen tools is read once: nothing of it can change after.
 */
function readRecord(record: ToolSet): RecordReading {
  const previous = recordReadings.get(record);
  if (previous !== undefined && frozenRecords.has(record) && !isToolFieldInherited()) {
    return previous;
  }
  // Decided before reading, as what is frozen now was frozen while it was read; and
  // only with nothing inherited from Object.prototype then, which is not frozen.
  const frozen = !isToolFieldInherited() && isFrozenToolRecord(record);
  const reading = readRecordAgain(record, previous);
  // Its reading may be replaced here (one read while Object.prototype held a field, say).
  if (frozen && !isToolFieldInherited()) frozenRecords.add(record);
  else frozenRecords.delete(record);
  return reading;
}

/** The reading of `record` found by checking it key by key, else a fresh one. */
function readRecordAgain(record: ToolSet, previous: RecordReading | undefined): RecordReading {
  const keys = Object.keys(record);
  if (previous !== undefined && isUnchanged(record, keys, previous)) return previous;
  const first = keys.length === 0 ? undefined : record[keys[0] as string];
  const siblings = isObject(first) ? readingsByFirstTool.get(first) : undefined;
  const sibling = siblings?.find((candidate) => isUnchanged(record, keys, candidate));
  if (sibling !== undefined) {
    recordReadings.set(record, sibling);
    return sibling;
  }
  const tools = keys.map((key) => record[key]);
  // A record of the same names as one read recently: each new tool object is compared with the
  // content its name had (`readToolContentLike`), so equal tools are not serialized and hashed.
  const recent = keys.length === 0 ? undefined : recentByFirstKey.get(keys[0] as string);
  const like = recent !== undefined && sameKeys(recent.keys, keys) ? recent : undefined;
  let unchanged = like !== undefined;
  const toolReadings = tools.map((tool, position) => {
    const before = like?.contents[position];
    const read = isObject(tool) ? readTool(tool, before) : undefined;
    unchanged &&= read?.content === before;
    return read;
  });
  const contents = toolReadings.map((read) => read?.content);
  const contextual: number[] = [];
  tools.forEach((tool, position) => {
    if (typeof tool?.description === 'function') contextual.push(position);
  });
  const reading: RecordReading = {
    keys,
    tools,
    readings: toolReadings,
    contents,
    contextual,
    // Equal names and contents: the digest of the same record content, without hashing again.
    digest: unchanged ? (like as RecentContents).digest : recordDigest(keys, contents),
  };
  recordReadings.set(record, reading);
  if (keys.length > 0) rememberRecent(keys[0] as string, reading);
  if (isObject(first)) {
    readingsByFirstTool.set(
      first,
      [reading, ...(siblings ?? [])].slice(0, READINGS_PER_FIRST_TOOL),
    );
  }
  return reading;
}

function sameKeys(before: readonly string[], keys: readonly string[]): boolean {
  if (before === keys) return true;
  if (before.length !== keys.length) return false;
  for (let position = 0; position < keys.length; position++) {
    if (before[position] !== keys[position]) return false;
  }
  return true;
}

/** Keeps a reading's names, contents and digest as the recent one for its first key. */
function rememberRecent(firstKey: string, { keys, contents, digest }: RecordReading): void {
  recentByFirstKey.delete(firstKey);
  recentByFirstKey.set(firstKey, { keys, contents, digest });
  if (recentByFirstKey.size > RECENT_FIRST_KEYS) {
    recentByFirstKey.delete(recentByFirstKey.keys().next().value as string);
  }
}

function isObject(value: unknown): value is Tool {
  return value != null && typeof value === 'object';
}

function isUnchanged(record: ToolSet, keys: readonly string[], previous: RecordReading): boolean {
  if (keys.length !== previous.keys.length) return false;
  for (let position = 0; position < keys.length; position++) {
    const key = keys[position] as string;
    if (key !== previous.keys[position]) return false;
    const tool = record[key];
    if (tool !== previous.tools[position]) return false;
    const read = previous.readings[position];
    if (read !== undefined && !isToolReadingCurrent(read, tool as Tool)) return false;
  }
  return true;
}

function recordDigest(
  keys: readonly string[],
  contents: readonly (ToolContent | undefined)[],
): string | PromiseLike<string> | undefined {
  if (contents.includes(undefined)) return undefined;
  const digests = contents.map((content) => (content as ToolContent).digest);
  // The keys' JSON, then the digests in the same order: a digest (64 hex characters, or an own
  // digest of letters, "-" and digits) holds no comma, so joining them is as unambiguous as JSON.
  const combine = (settled: readonly string[]) =>
    contentDigest(JSON.stringify(keys) + settled.join(','));
  if (!digests.some(isPromiseLike)) return combine(digests as string[]);
  return Promise.all(digests).then(combine);
}

/**
 * The descriptions that depend on this request's context, each tool's context
 * found under any of its names as the catalog finds it, by record and key;
 * undefined when one cannot be computed (the catalog build then reports it).
 */
function contextualDescriptions(
  readings: readonly RecordReading[],
  groupNames: readonly (string | undefined)[],
  contexts: object,
  defaultNamespace: string,
): (readonly [number, string, string])[] | undefined {
  const descriptions: (readonly [number, string, string])[] = [];
  for (const [record, reading] of readings.entries()) {
    for (const position of reading.contextual) {
      const key = reading.keys[position] as string;
      const tool = reading.tools[position] as Tool;
      try {
        const names = catalogNamesOf(key, tool, groupNames[record], defaultNamespace);
        const description = (tool.description as (options: { context: unknown }) => unknown)({
          context: toolContextOf(contexts, names),
        });
        if (typeof description !== 'string') return undefined;
        descriptions.push([record, key, description]);
      } catch {
        return undefined;
      }
    }
  }
  return descriptions;
}

/** `reading`, once each of its tools' readings is kept for `readToolContent`. */
function keepReadings(reading: RecordReading): RecordReading {
  for (let position = 0; position < reading.tools.length; position++) {
    const read = reading.readings[position];
    if (read !== undefined) keepToolReading(reading.tools[position] as Tool, read);
  }
  return reading;
}

/**
 * A record of the keys and tools a reading holds, as own properties: without
 * a prototype, so assigning `__proto__` (or a key Object.prototype has a
 * setter for) makes a property as any key does, a tenth of the cost of
 * defining each; only the catalog build reads it.
 */
function recordOf(reading: RecordReading): ToolSet {
  const record: ToolSet = Object.create(null);
  for (let position = 0; position < reading.keys.length; position++) {
    record[reading.keys[position] as string] = reading.tools[position] as Tool;
  }
  return record;
}
