import { AsyncSchemaError } from '../error/async-schema-error.js';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { createByteOrderComparator } from '../util/create-byte-order-comparator.js';
import { keepHiddenClass } from '../util/keep-hidden-class.js';
import { ownValue } from '../util/own-value.js';
import type { Catalog, NamespaceInfo } from './catalog.js';
import type { CatalogEntry } from './catalog-entry.js';
import { collectRawTools, type RawTool } from './collect-raw-tools.js';

import type { CreateCatalogOptions, NamespaceDeclaration } from './create-catalog-options.js';
import { createGlobMatcher } from './create-glob-matcher.js';
import { type DraftEntry, draftEntry } from './draft-entry.js';
import { checkParameters, settleSchema } from './entry-schemas.js';
import { fingerprintOf } from './fingerprint-of.js';
import { NAMESPACE_PATTERN } from './normalize-name.js';
import { isContentDigest, isPromiseLike } from './read-tool-content.js';
import { type RenamedTool, resolveNameConflicts } from './resolve-name-conflicts.js';
import type { ToolDefinition } from './tool-definition.js';

// createCatalog's options, where its callers look for them.
export type { CreateCatalogOptions, NamespaceDeclaration } from './create-catalog-options.js';

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
