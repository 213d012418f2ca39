import type { Tool, ToolSet } from 'ai';
import { AsyncSchemaError } from '../error/async-schema-error.js';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { InvalidToolDefinitionError } from '../error/invalid-tool-definition-error.js';
import { createByteOrderComparator } from '../util/create-byte-order-comparator.js';
import { keepHiddenClass } from '../util/keep-hidden-class.js';
import { ownValue } from '../util/own-value.js';
import type { Catalog, NamespaceInfo } from './catalog.js';
import type { CatalogEntry } from './catalog-entry.js';
import { chooseWireName, deriveName } from './catalog-names-of.js';
import { collectRawTools, type RawTool } from './collect-raw-tools.js';
import { createGlobMatcher } from './create-glob-matcher.js';
import { describeTool } from './describe-tool.js';
import { encodeDots, encodeWireName } from './encode-wire-name.js';
import { checkParameters, outputSchemaOf, parametersOf, settleSchema } from './entry-schemas.js';
import { fingerprintOf } from './fingerprint-of.js';
import { metadataString, metadataValue } from './metadata-value.js';
import { NAMESPACE_PATTERN } from './normalize-name.js';
import { isContentDigest, isPromiseLike, readToolContent } from './read-tool-content.js';
import { type RenamedTool, resolveNameConflicts } from './resolve-name-conflicts.js';
import { readToolAnnotations } from './tool-annotations.js';
import type { ToolDefinition } from './tool-definition.js';

/** Tools declared under one namespace, with an optional description of the service. */
export interface NamespaceDeclaration {
  description?: string;
  tools?: ToolSet;
}

export interface CreateCatalogOptions {
  /** A flat AI SDK tools record, as passed to `generateText`. */
  tools?: ToolSet;
  /**
   * Tools grouped by namespace (for example one entry per MCP client), and
   * descriptions of namespaces shown in the catalog header.
   */
  namespaces?: Record<string, NamespaceDeclaration>;
  /** Tools described as JSON, such as a catalog file's `tools` array. */
  definitions?: readonly ToolDefinition[];
  /**
   * Names or globs of tools that are always advertised, matched against every
   * spelling of a tool: canonical id, record key, wire name and encoded id. @default []
   */
  core?: readonly string[];
  /** The namespace of tools for which nothing else names one. @default 'default' */
  defaultNamespace?: string;
  /** Context handed to tools whose description is a function, keyed by tool name. */
  toolsContext?: Record<string, unknown>;
  /**
   * What to do with a name the catalog cannot keep: a wire name reserved for
   * a bridge, or two tools with one canonical id or wire name. `reject`
   * throws (`InvalidToolDefinitionError`, `WireNameCollisionError`);
   * `rename` gives the tool a deterministic alternative (a reserved name its
   * `__`-encoded id; the second of two tools its local name and a short hash
   * of its key) and lists it in the catalog's `renamed`. The wrapper renames:
   * a tool's name is a third-party server's choice, and must not fail every
   * request. @default 'reject'
   */
  nameConflicts?: 'reject' | 'rename';
}

/** Names reserved for the bridge tools. */
export const BRIDGE_TOOL_NAMES = ['tool_search', 'tool_describe', 'tool_call'] as const;
/**
 * A catalog entry being built, frozen into the entry itself once finished (no
 * copy per entry): its schemas not yet checked (maybe promises), its
 * namespace's description not yet read.
 */
type DraftEntry = {
  -readonly [FIELD in keyof CatalogEntry]: FIELD extends 'parameters' | 'outputSchema'
    ? unknown
    : CatalogEntry[FIELD];
};

interface CatalogDraft {
  readonly entries: readonly DraftEntry[];
  readonly nameConflicts: 'reject' | 'rename';
  /** Tools whose wire name was reserved, renamed while drafted (`rename` only). */
  readonly reserved: readonly RenamedTool[];
  /**
   * Each entry's tool digest (`readToolContent`), read with its schemas and
   * covering them; undefined for a definition, and for schemas given as
   * promises, which are awaited again for the entry.
   */
  readonly toolDigests: readonly (string | undefined)[];
  /**
   * Whether each entry's description is the one its tool digest covers (the
   * tool's text, trimmed): not one that is a function of context, nor one a
   * getter gave differently when read again.
   */
  readonly describedByDigest: readonly boolean[];
  readonly namespaces: Record<string, NamespaceDeclaration>;
}

/**
 * Builds a catalog from AI SDK tools and JSON tool definitions: canonical ids,
 * wire names, namespaces, the core tier, and each input schema converted with
 * the SDK's own `asSchema`, so what is measured is what goes on the wire.
 * Schemas given as promises (`jsonSchema(promise)`) are awaited; for tools
 * without them, `createCatalogSync` builds the same catalog synchronously.
 *
 * @example
 * const catalog = await createCatalog({
 *   tools,
 *   namespaces: { github: { description: 'Repositories and issues', tools: await github.tools() } },
 *   core: ['memory.*'],
 * });
 */
export function createCatalog(options: CreateCatalogOptions): Promise<Catalog> {
  return createSharedCatalog(options, 'async', true);
}

/**
 * `createCatalog`, synchronously: the same catalog, for tools whose schemas
 * are not promises (zod, standard schemas, `jsonSchema(object)`, JSON
 * definitions). Throws `AsyncSchemaError` for a tool whose schema is a
 * promise; build those with `createCatalog`.
 *
 * @example
 * const catalog = createCatalogSync({ tools, core: ['memory.*'] });
 */
export function createCatalogSync(options: CreateCatalogOptions): Catalog {
  return createSharedCatalog(options, 'sync', true);
}

/**
 * `createCatalog` (`async`) or `createCatalogSync` (`sync`); without
 * `withTools`, entries carry no `tool`: the shareable catalog `getCatalog`
 * caches (each request runs its own tools), built without copying every
 * entry to drop them.
 */
export function createSharedCatalog(
  options: CreateCatalogOptions,
  mode: 'sync',
  withTools?: boolean,
): Catalog;
export function createSharedCatalog(
  options: CreateCatalogOptions,
  mode: 'async',
  withTools?: boolean,
): Promise<Catalog>;
export function createSharedCatalog(
  options: CreateCatalogOptions,
  mode: 'sync' | 'async',
  withTools = false,
): Catalog | Promise<Catalog> {
  if (mode === 'async') return settleCatalog(options, withTools);
  const draft = draftCatalog(options, withTools);
  for (const entry of draft.entries) {
    if (isPromiseLike(entry.parameters)) {
      throw new AsyncSchemaError({ toolName: entry.key, schema: 'input' });
    }
    if (isPromiseLike(entry.outputSchema)) {
      throw new AsyncSchemaError({ toolName: entry.key, schema: 'output' });
    }
  }
  return finishCatalog(draft);
}

/** A draft whose schemas given as promises are awaited, finished. */
async function settleCatalog(options: CreateCatalogOptions, withTools: boolean): Promise<Catalog> {
  const draft = draftCatalog(options, withTools);
  // Most catalogs hold no promise: awaiting every entry's schemas anyway costs a cold request.
  if (!draft.entries.some(isPending)) return finishCatalog(draft);
  await Promise.all(
    draft.entries.map(async (entry) => {
      entry.parameters = await settleSchema(entry.key, 'input', entry.parameters);
      entry.outputSchema = await settleSchema(entry.key, 'output', entry.outputSchema);
    }),
  );
  return finishCatalog(draft);
}

/** Everything but awaiting schemas: names, namespaces, the core tier, descriptions, schemas as read. */
function draftCatalog(
  {
    tools,
    namespaces = {},
    definitions = [],
    core = [],
    defaultNamespace = 'default',
    toolsContext = {},
    nameConflicts = 'reject',
  }: CreateCatalogOptions,
  withTools: boolean,
): CatalogDraft {
  if (!NAMESPACE_PATTERN.test(defaultNamespace)) {
    throw new InvalidOptionError({
      option: 'defaultNamespace',
      value: defaultNamespace,
      expected: 'letters, digits, "_" or "-" (1 to 64 characters)',
    });
  }
  // Without core globs no tool is core: no names to gather for each tool.
  const isCore = core.length === 0 ? undefined : createGlobMatcher(core, 'core');
  const raws = collectRawTools(tools, namespaces, definitions);
  const toolDigests: (string | undefined)[] = [];
  const describedByDigest: boolean[] = [];
  const reserved: RenamedTool[] = [];
  const entries = raws.map((raw) =>
    draftEntry(
      raw,
      {
        defaultNamespace,
        toolsContext,
        isCore,
        withTools,
        reserved: nameConflicts === 'rename' ? reserved : undefined,
      },
      toolDigests,
      describedByDigest,
    ),
  );
  return { entries, toolDigests, describedByDigest, namespaces, nameConflicts, reserved };
}

function isPending(entry: DraftEntry): boolean {
  return isPromiseLike(entry.parameters) || isPromiseLike(entry.outputSchema);
}

/**
 * Checks the settled schemas, then orders and validates the entries. The
 * fingerprint is computed when first read: the wrapper keys what it caches by
 * the content key its tools were read under (`catalogCacheKey`), so a cold
 * request does not serialize every entry once more. It is computed at once
 * when some entry's schemas are not covered by its tool's digest (a JSON
 * definition, a schema that failed to serialize): they may not serialize, and
 * a catalog that cannot be fingerprinted is refused when it is built.
 */
function finishCatalog({
  entries: drafts,
  toolDigests,
  describedByDigest,
  namespaces,
  nameConflicts,
  reserved,
}: CatalogDraft): Catalog {
  // Read once per namespace, not once per entry.
  const descriptions = new Map<string, string | undefined>();
  const descriptionOf = (namespace: string) => {
    if (descriptions.has(namespace)) return descriptions.get(namespace);
    const description = ownValue(namespaces, namespace)?.description?.trim() || undefined;
    descriptions.set(namespace, description);
    return description;
  };
  const sorted = drafts.map((draft) => {
    draft.namespaceDescription = descriptionOf(draft.namespace);
    draft.parameters = checkParameters(draft.key, draft.parameters);
    return draft;
  });
  const compare = createByteOrderComparator(sorted.map((entry) => entry.id));
  sorted.sort((left, right) => compare(left.id, right.id));
  const renamed = [...reserved, ...resolveNameConflicts(sorted, nameConflicts)];
  const entries = sorted.map((draft) => Object.freeze(draft) as CatalogEntry);

  // A namespace is a prefix of its entries' ids: the comparison chosen for the ids holds.
  const namespaceNames = [...descriptions.keys()].sort(compare);
  const namespaceInfos: NamespaceInfo[] = namespaceNames.map((name) => ({
    name,
    description: descriptions.get(name),
  }));

  // A draft's digests are in the order of its tools, which is their entries' positions.
  const toolDigestOf = (entry: CatalogEntry) => {
    const digest = toolDigests[entry.position];
    return isContentDigest(digest) ? digest : undefined;
  };
  const computeFingerprint = () =>
    fingerprintOf(
      entries,
      namespaceInfos,
      toolDigestOf,
      (entry) => describedByDigest[entry.position] === true,
    );
  let fingerprint = toolDigests.every(isContentDigest) ? undefined : computeFingerprint();
  const catalog = Object.freeze({
    entries: Object.freeze(entries),
    namespaces: Object.freeze(namespaceInfos),
    renamed: renamed.length === 0 ? noneRenamed : Object.freeze(renamed),
    get fingerprint() {
      fingerprint ??= computeFingerprint();
      return fingerprint;
    },
  });
  keepCatalogClass();
  return catalog;
}

let catalogClassKept = false;

/**
 * Keeps a catalog of one tool for the life of the process (`keepHiddenClass`):
 * a cold request's catalog and entries all die at the next full collection,
 * and with them their hidden classes and the optimized code of every loop over
 * entries (sorting, naming, sizing, indexing, searching). Built after the
 * first catalog, not at import: a cold process imports this module before its
 * first request, and the first build has loaded what this one needs.
 */
function keepCatalogClass(): void {
  if (catalogClassKept) return;
  // Set first: the kept catalog's own build ends here too.
  catalogClassKept = true;
  const toolDigests: (string | undefined)[] = [];
  const describedByDigest: boolean[] = [];
  const definition: ToolDefinition = { name: 'kept', parameters: { type: 'object' } };
  const raw: RawTool = {
    key: definition.name,
    position: 0,
    declaredNamespace: undefined,
    grouped: false,
    tool: undefined,
    definition,
  };
  const context = {
    defaultNamespace: 'default',
    toolsContext: {},
    isCore: undefined,
    withTools: false,
  };
  const entries = [draftEntry(raw, context, toolDigests, describedByDigest)];
  keepHiddenClass(
    finishCatalog({
      entries,
      toolDigests,
      describedByDigest,
      namespaces: {},
      nameConflicts: 'reject',
      reserved: [],
    }),
  );
}

/** The `renamed` of the many catalogs that rename nothing. */
const noneRenamed: readonly RenamedTool[] = Object.freeze([]);

function draftEntry(
  raw: RawTool,
  context: {
    defaultNamespace: string;
    toolsContext: Record<string, unknown>;
    isCore: ((name: string) => boolean) | undefined;
    withTools: boolean;
    /** Where a tool whose wire name is reserved is noted as renamed; undefined to reject it. */
    reserved?: RenamedTool[] | undefined;
  },
  toolDigests: (string | undefined)[],
  describedByDigest: boolean[],
): DraftEntry {
  const { namespace, localName } = deriveName(raw, context.defaultNamespace);
  const id = `${namespace}.${localName}`;
  let wireName = chooseWireName(raw, id);
  if ((BRIDGE_TOOL_NAMES as readonly string[]).includes(wireName)) {
    if (context.reserved === undefined) {
      throw new InvalidToolDefinitionError({
        toolName: raw.key,
        reason: `"${wireName}" is reserved for a bridge tool; rename the tool`,
      });
    }
    // An id holds a dot, so its encoded form is never a bridge's name.
    const reservedName = wireName;
    wireName = encodeWireName(id);
    context.reserved.push({
      key: raw.key,
      id,
      wireName,
      reason: 'reserved',
      conflictsWith: reservedName,
    });
  }
  const kind = kindOf(raw);
  const encodedId = encodeDots(id);
  const description = describeTool(raw, context.toolsContext, [raw.key, wireName, id, encodedId]);
  // Read once, so the entry's schemas are those its tool digest covers; a promise may
  // settle to other values when awaited again, so its digest is not taken for the entry's.
  const content = raw.definition ? undefined : readToolContent(raw.tool as Tool);
  toolDigests.push(typeof content?.digest === 'string' ? content.digest : undefined);
  describedByDigest.push(
    typeof content?.description === 'string' && content.description.trim() === description,
  );
  return {
    id,
    wireName,
    encodedId,
    key: raw.key,
    namespace,
    localName,
    description,
    parameters: parametersOf(raw, content),
    outputSchema: outputSchemaOf(raw, content),
    aliases: listOf(raw, 'aliases'),
    tags: listOf(raw, 'tags'),
    annotations: readToolAnnotations(
      raw.definition ? raw.definition.annotations : metadataValue(raw.tool, 'annotations'),
    ),
    kind,
    // Provider-defined tools run at the provider and cannot be bridged.
    core:
      raw.tool?.type === 'provider' ||
      (context.isCore !== undefined && [id, raw.key, wireName, encodedId].some(context.isCore)),
    position: raw.position,
    tool: context.withTools ? raw.tool : undefined,
    // Read when the schemas are settled, as the catalog's namespaces are.
    namespaceDescription: undefined,
  };
}

function kindOf(raw: RawTool): string {
  if (raw.definition) return raw.definition.kind ?? 'definition';
  const tool = raw.tool as Tool;
  if (metadataString(tool, 'clientName') !== undefined) return 'mcp';
  return tool.type ?? 'function';
}

/**
 * A tool's aliases or tags, search hints only: a definition's were validated
 * as strings; of a tool's metadata (which plain `ai` never reads), only the
 * string items of an array are kept, and anything else is ignored.
 */
function listOf(raw: RawTool, field: 'aliases' | 'tags'): readonly string[] {
  const value = raw.definition ? raw.definition[field] : metadataValue(raw.tool, field);
  if (!Array.isArray(value) || value.length === 0) return noItems;
  const items = value
    .filter((item: unknown): item is string => typeof item === 'string')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length === 0 ? noItems : Object.freeze(items);
}

/** The aliases or tags of the many tools that have none: one frozen list, not two per entry. */
const noItems: readonly string[] = Object.freeze([]);
