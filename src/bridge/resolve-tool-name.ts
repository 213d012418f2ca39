import { BRIDGE_TOOL_NAMES } from '../catalog/bridge-tool-names.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { ToolBridgeError } from '../error/tool-bridge-error.js';
import { compareByteOrder } from '../util/compare-byte-order.js';

/** Longest tool name that is looked up, in characters (code points) after trimming. */
export const TOOL_NAME_MAX_LENGTH = 256;

/** Finds the catalog entry a model meant by a tool name. */
export interface ToolResolver {
  /**
   * The entry `name` designates, by any name form: canonical id, record key,
   * wire name, bare or dotted name.
   *
   * @throws ToolBridgeError `unknown_tool` when no tool has that name, when the
   * name is not a usable string or is a bridge tool's, and when several tools
   * match equally well (with `candidates`: their wire names in byte order).
   */
  resolve(name: unknown): CatalogEntry;
}

/** One lookup step: names (folded to lower case when `caseInsensitive`) → the entries with them. */
interface LookupStep {
  readonly caseInsensitive: boolean;
  readonly table: ReadonlyMap<string, readonly CatalogEntry[]>;
}

const fullNameForms: readonly ((entry: CatalogEntry) => string)[] = [
  (entry) => entry.wireName,
  (entry) => entry.id,
  (entry) => entry.encodedId,
  (entry) => entry.key,
];

/** A bare name is the local name, dotted (`repos.create`) or `__`-encoded (`repos__create`). */
const bareNameForms = (entry: CatalogEntry): readonly string[] => [
  entry.localName,
  entry.localName.replaceAll('.', '__'),
];

const bridgeNames = new Set<string>(BRIDGE_TOOL_NAMES.map(fold));

const nextStep =
  'Use tool_search to find the tool you need, then call it by the name tool_search returns.';

/**
 * Builds a resolver over `entries`, which must be the run's authorized entries
 * only: a tool that is not passed in cannot be named, listed as a candidate or
 * hinted at, so a denied tool's name fails with exactly the text of a name
 * that never existed. Lookup tables are built once each, over the entries as
 * they are now, when a name first needs them; `resolve` only reads them
 * (`Map`s, so `__proto__` or `constructor` never reach prototype members).
 *
 * A name is trimmed, then matched against, in this order, the first that
 * matches deciding: the wire name, the canonical id, the `__`-encoded id and the
 * original key (each exactly); the same four case-insensitively; the bare
 * local name (dotted or `__`-encoded) exactly; the bare local name
 * case-insensitively. Several tools matching at the deciding step is an error
 * listing them, never a silent first pick. Bridge tool names never resolve.
 *
 * @example
 * const resolver = createToolResolver(disclosure.authorized.entries);
 * resolver.resolve('github.create_issue').wireName; // 'github__create_issue'
 * resolver.resolve('create_issue'); // throws unknown_tool with candidates when jira has one too
 */
export function createToolResolver(input: readonly CatalogEntry[]): ToolResolver {
  const entries = [...input];
  // Most names match at the first step (the wire name): a later step's table is built the
  // first time a name gets that far, which a cold request that never misses never pays for.
  const builders: readonly (() => LookupStep)[] = [
    ...fullNameForms.map((form) => () => stepOf(entries, (entry) => [form(entry)], false)),
    ...fullNameForms.map((form) => () => stepOf(entries, (entry) => [form(entry)], true)),
    () => stepOf(entries, bareNameForms, false),
    () => stepOf(entries, bareNameForms, true),
  ];
  const steps: LookupStep[] = [];

  function resolve(name: unknown): CatalogEntry {
    if (typeof name !== 'string' || name.trim() === '') {
      throw new ToolBridgeError({
        kind: 'unknown_tool',
        message: `The tool name must be a non-empty string. ${nextStep}`,
      });
    }
    const requested = name.trim();
    if (isTooLong(requested)) {
      throw new ToolBridgeError({
        kind: 'unknown_tool',
        message: `The tool name is longer than ${TOOL_NAME_MAX_LENGTH} characters, so no tool has it. ${nextStep}`,
      });
    }
    const foldedName = fold(requested);
    if (bridgeNames.has(foldedName)) {
      throw new ToolBridgeError({
        kind: 'unknown_tool',
        message: `${JSON.stringify(requested)} is a bridge tool, not a tool that can be described or called by name. ${nextStep}`,
      });
    }
    for (let step = 0; step < builders.length; step++) {
      steps[step] ??= (builders[step] as () => LookupStep)();
      const { caseInsensitive, table } = steps[step] as LookupStep;
      const matches = table.get(caseInsensitive ? foldedName : requested);
      if (matches === undefined) continue;
      if (matches.length === 1) return matches[0] as CatalogEntry;
      throw ambiguousName(
        requested,
        matches.map((entry) => entry.wireName),
      );
    }
    throw notAvailable(requested);
  }

  return Object.freeze({ resolve });
}

/** The answer for a name several tools have: their wire names, in byte order, to choose from. */
export function ambiguousName(requested: string, wireNames: readonly string[]): ToolBridgeError {
  const candidates = [...wireNames].sort(compareByteOrder);
  return new ToolBridgeError({
    kind: 'unknown_tool',
    message: `${JSON.stringify(requested)} matches several tools: ${candidates.join(', ')}. Call one of them by its full name.`,
    details: { candidates },
  });
}

/** The answer for a name no tool within reach has: the same for denied, inactive and never-existing tools. */
export function notAvailable(requested: string): ToolBridgeError {
  return new ToolBridgeError({
    kind: 'unknown_tool',
    message: `${JSON.stringify(requested)} is not an available tool. ${nextStep}`,
  });
}

/** A step mapping each name `namesOf` gives to the distinct entries that have it. */
function stepOf(
  entries: readonly CatalogEntry[],
  namesOf: (entry: CatalogEntry) => readonly string[],
  caseInsensitive: boolean,
): LookupStep {
  const table = new Map<string, CatalogEntry[]>();
  for (const entry of entries) {
    for (const name of namesOf(entry)) {
      const key = caseInsensitive ? fold(name) : name;
      const matches = table.get(key);
      if (matches === undefined) table.set(key, [entry]);
      else if (!matches.includes(entry)) matches.push(entry);
    }
  }
  return { caseInsensitive, table };
}

function fold(name: string): string {
  return name.toLowerCase();
}

function isTooLong(name: string): boolean {
  // A string of n UTF-16 code units has between n / 2 and n code points.
  if (name.length <= TOOL_NAME_MAX_LENGTH) return false;
  if (name.length > TOOL_NAME_MAX_LENGTH * 2) return true;
  return [...name].length > TOOL_NAME_MAX_LENGTH;
}
