import type { JSONSchema7, Tool, ToolSet } from 'ai';
import { z } from 'zod/v4';
import { AsyncSchemaError } from '../error/async-schema-error.js';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { InvalidToolDefinitionError } from '../error/invalid-tool-definition-error.js';
import { WireNameCollisionError } from '../error/wire-name-collision-error.js';
import { compareByteOrder } from '../util/compare-byte-order.js';
import { contentDigest } from '../util/content-digest.js';
import type { Catalog, NamespaceInfo } from './catalog.js';
import type { CatalogEntry } from './catalog-entry.js';
import { createGlobMatcher } from './create-glob-matcher.js';
import { encodeDots, encodeWireName, WIRE_NAME_PATTERN } from './encode-wire-name.js';
import { NAMESPACE_PATTERN, normalizeLocalName, normalizeNamespace } from './normalize-name.js';
import {
  isPromiseLike,
  type MaybePromise,
  readToolContent,
  type SchemaReading,
} from './read-tool-content.js';
import { splitQualifiedName } from './split-qualified-name.js';
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
}

/** Names reserved for the bridge tools. */
export const BRIDGE_TOOL_NAMES = ['tool_search', 'tool_describe', 'tool_call'] as const;

/** The local name of a tool whose record key leaves none (`''`). */
const emptyLocalName = '_';

/** The MCP client name `@ai-sdk/mcp` uses when the application sets none: it names no service. */
const anonymousMcpClientName = 'ai-sdk-mcp-client';

const emptyObjectSchema: JSONSchema7 = {
  type: 'object',
  properties: {},
  additionalProperties: false,
};

const stringList = z.array(z.string());
const toolDefinitionSchema = z.looseObject({
  name: z.string().trim().min(1, 'a tool needs a non-empty "name"'),
  capability_id: z.string().trim().min(1).optional(),
  namespace: z.string().optional(),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
  output_schema: z.record(z.string(), z.unknown()).optional(),
  kind: z.string().optional(),
  aliases: stringList.optional(),
  tags: stringList.optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
});

interface RawTool {
  key: string;
  position: number;
  declaredNamespace: string | undefined;
  grouped: boolean;
  tool: Tool | undefined;
  definition: ToolDefinition | undefined;
}

/** A catalog entry whose schemas are not yet checked, and may still be promises. */
type DraftEntry<SCHEMA> = Omit<
  CatalogEntry,
  'parameters' | 'outputSchema' | 'namespaceDescription'
> & {
  readonly parameters: SCHEMA;
  readonly outputSchema: SCHEMA | undefined;
};

interface CatalogDraft<SCHEMA> {
  readonly entries: readonly DraftEntry<SCHEMA>[];
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
export async function createCatalog(options: CreateCatalogOptions): Promise<Catalog> {
  const draft = draftCatalog(options);
  const entries = await Promise.all(
    draft.entries.map(async (entry) => ({
      ...entry,
      parameters: await settleSchema(entry.key, 'input', entry.parameters),
      outputSchema: await settleSchema(entry.key, 'output', entry.outputSchema),
    })),
  );
  return finishCatalog({ ...draft, entries });
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
  const draft = draftCatalog(options);
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

/** Everything but awaiting schemas: names, namespaces, the core tier, descriptions, schemas as read. */
function draftCatalog({
  tools,
  namespaces = {},
  definitions = [],
  core = [],
  defaultNamespace = 'default',
  toolsContext = {},
}: CreateCatalogOptions): CatalogDraft<MaybePromise<unknown>> {
  if (!NAMESPACE_PATTERN.test(defaultNamespace)) {
    throw new InvalidOptionError({
      option: 'defaultNamespace',
      value: defaultNamespace,
      expected: 'letters, digits, "_" or "-" (1 to 64 characters)',
    });
  }
  const isCore = createGlobMatcher(core, 'core');
  const raws = collectRawTools(tools, namespaces, definitions);
  const entries = raws.map((raw) => draftEntry(raw, { defaultNamespace, toolsContext, isCore }));
  return { entries, namespaces };
}

/** Checks the settled schemas, then orders, validates and fingerprints the entries. */
function finishCatalog({ entries: drafts, namespaces }: CatalogDraft<unknown>): Catalog {
  const entries: CatalogEntry[] = drafts.map((entry) =>
    Object.freeze({
      ...entry,
      namespaceDescription: ownValue(namespaces, entry.namespace)?.description?.trim() || undefined,
      parameters: checkParameters(entry.key, entry.parameters),
      outputSchema: entry.outputSchema as JSONSchema7 | undefined,
    }),
  );
  entries.sort((left, right) => compareByteOrder(left.id, right.id));
  assertUnique(entries, (entry) => entry.id);
  assertUnique(entries, (entry) => entry.wireName);

  const namespaceNames = [...new Set(entries.map((entry) => entry.namespace))].sort(
    compareByteOrder,
  );
  const namespaceInfos: NamespaceInfo[] = namespaceNames.map((name) => ({
    name,
    description: ownValue(namespaces, name)?.description?.trim() || undefined,
  }));

  return Object.freeze({
    entries: Object.freeze(entries),
    namespaces: Object.freeze(namespaceInfos),
    fingerprint: fingerprintOf(entries, namespaceInfos),
  });
}

function collectRawTools(
  tools: ToolSet | undefined,
  namespaces: Record<string, NamespaceDeclaration>,
  definitions: readonly ToolDefinition[],
): RawTool[] {
  const raws: RawTool[] = [];
  for (const [namespace, declaration] of Object.entries(namespaces)) {
    if (!NAMESPACE_PATTERN.test(namespace)) {
      throw new InvalidOptionError({
        option: `namespaces["${namespace}"]`,
        value: namespace,
        expected: 'a namespace of letters, digits, "_" or "-" (1 to 64 characters)',
      });
    }
    for (const [key, tool] of Object.entries(declaration.tools ?? {})) {
      raws.push({
        key,
        position: raws.length,
        declaredNamespace: namespace,
        grouped: true,
        tool,
        definition: undefined,
      });
    }
  }
  for (const [key, tool] of Object.entries(tools ?? {})) {
    raws.push({
      key,
      position: raws.length,
      declaredNamespace: metadataString(tool, 'namespace'),
      grouped: false,
      tool,
      definition: undefined,
    });
  }
  definitions.forEach((input, index) => {
    const parsed = toolDefinitionSchema.safeParse(input);
    if (!parsed.success) {
      const name = typeof input?.name === 'string' && input.name.trim() ? input.name : `#${index}`;
      const issue = parsed.error.issues[0];
      const path = issue?.path.length ? `"${issue.path.join('.')}": ` : '';
      throw new InvalidToolDefinitionError({ toolName: name, reason: `${path}${issue?.message}` });
    }
    const definition = parsed.data as ToolDefinition;
    raws.push({
      key: definition.name,
      position: raws.length,
      declaredNamespace: definition.namespace,
      grouped: false,
      tool: undefined,
      definition,
    });
  });
  return raws;
}

function draftEntry(
  raw: RawTool,
  context: {
    defaultNamespace: string;
    toolsContext: Record<string, unknown>;
    isCore: (name: string) => boolean;
  },
): DraftEntry<MaybePromise<unknown>> {
  const { namespace, localName } = deriveName(raw, context.defaultNamespace);
  const id = `${namespace}.${localName}`;
  const wireName = chooseWireName(raw, id);
  if ((BRIDGE_TOOL_NAMES as readonly string[]).includes(wireName)) {
    throw new InvalidToolDefinitionError({
      toolName: raw.key,
      reason: `"${wireName}" is reserved for a bridge tool; rename the tool`,
    });
  }
  const kind = kindOf(raw);
  const encodedId = encodeDots(id);
  return {
    id,
    wireName,
    encodedId,
    key: raw.key,
    namespace,
    localName,
    description: describe(raw, context.toolsContext, [raw.key, wireName, id, encodedId]),
    parameters: parametersOf(raw),
    outputSchema: outputSchemaOf(raw),
    aliases: Object.freeze(listOf(raw, 'aliases')),
    tags: Object.freeze(listOf(raw, 'tags')),
    annotations: readToolAnnotations(
      raw.definition ? raw.definition.annotations : metadataValue(raw.tool, 'annotations'),
    ),
    kind,
    // Provider-defined tools run at the provider and cannot be bridged.
    core: raw.tool?.type === 'provider' || [id, raw.key, wireName, encodedId].some(context.isCore),
    position: raw.position,
    tool: raw.tool,
  };
}

function deriveName(
  raw: RawTool,
  defaultNamespace: string,
): { namespace: string; localName: string } {
  const capabilityId = raw.definition?.capability_id;
  const qualified = splitQualifiedName(capabilityId ?? raw.key);
  const declared = declaredNamespaceOf(raw);
  if (declared) {
    // A name that already carries the declared namespace is not prefixed twice.
    const local = qualified?.prefix === declared ? qualified.rest : (capabilityId ?? raw.key);
    return { namespace: declared, localName: localNameOf(local) };
  }
  if (qualified) {
    const namespace = normalizeNamespace(qualified.prefix);
    if (namespace) return { namespace, localName: localNameOf(qualified.rest) };
  }
  const clientName = metadataString(raw.tool, 'clientName');
  const mcpNamespace =
    clientName && clientName !== anonymousMcpClientName ? normalizeNamespace(clientName) : '';
  return {
    namespace: mcpNamespace || defaultNamespace,
    localName: localNameOf(capabilityId ?? raw.key),
  };
}

/**
 * The namespace a tool declares. A definition's is validated input: one that
 * is not a namespace is an error. A tool's `metadata.namespace` is only a hint
 * plain `ai` never reads, so it is normalized like a derived namespace (`my ns`
 * becomes `my_ns`) and ignored when nothing usable remains. A group's name was
 * checked with the `namespaces` option and normalizes to itself.
 */
function declaredNamespaceOf(raw: RawTool): string | undefined {
  const declared = raw.declaredNamespace?.trim();
  if (!declared) return undefined;
  if (raw.definition === undefined) return normalizeNamespace(declared) || undefined;
  if (!NAMESPACE_PATTERN.test(declared)) {
    throw new InvalidToolDefinitionError({
      toolName: raw.key,
      reason: `namespace "${declared}" must be letters, digits, "_" or "-" (1 to 64 characters)`,
    });
  }
  return declared;
}

/**
 * A local name made safe. A record key plain `ai` accepts (`''`, `mail. `) may
 * leave nothing: such a tool's local name is `_`, always the same. (A JSON
 * definition's name and capability id are trimmed and non-empty, so they
 * always leave something.)
 */
function localNameOf(name: string): string {
  return normalizeLocalName(name) || emptyLocalName;
}

function chooseWireName(raw: RawTool, id: string): string {
  if (!raw.grouped && WIRE_NAME_PATTERN.test(raw.key)) return raw.key;
  return encodeWireName(id);
}

function kindOf(raw: RawTool): string {
  if (raw.definition) return raw.definition.kind ?? 'definition';
  const tool = raw.tool as Tool;
  if (metadataString(tool, 'clientName') !== undefined) return 'mcp';
  return tool.type ?? 'function';
}

function describe(
  raw: RawTool,
  toolsContext: Record<string, unknown>,
  names: readonly string[],
): string {
  if (raw.definition) return raw.definition.description?.trim() ?? '';
  const description = (raw.tool as Tool).description;
  if (typeof description === 'function') {
    return description({ context: toolContextOf(toolsContext, names) }).trim();
  }
  return typeof description === 'string' ? description.trim() : '';
}

/**
 * A tool's entry in `toolsContext`, under the first of its names that has
 * one: record key, wire name, canonical id, `__`-encoded id. So a context
 * keyed by any spelling reaches a description that is a function of it.
 */
export function toolContextOf(toolsContext: object, names: readonly string[]): unknown {
  for (const name of names) {
    if (Object.hasOwn(toolsContext, name)) return (toolsContext as Record<string, unknown>)[name];
  }
  return undefined;
}

/**
 * The names a tool of a `tools` record (or of the group `namespace`) gets in
 * a catalog, in the order a context is looked up by: record key, wire name,
 * canonical id, `__`-encoded id.
 *
 * @throws InvalidToolDefinitionError for a name the catalog would refuse.
 */
export function catalogNamesOf(
  key: string,
  tool: Tool,
  namespace: string | undefined,
  defaultNamespace: string,
): readonly string[] {
  const raw: RawTool = {
    key,
    position: 0,
    declaredNamespace: namespace ?? metadataString(tool, 'namespace'),
    grouped: namespace !== undefined,
    tool,
    definition: undefined,
  };
  const { namespace: derived, localName } = deriveName(raw, defaultNamespace);
  const id = `${derived}.${localName}`;
  return [key, chooseWireName(raw, id), id, encodeDots(id)];
}

function parametersOf(raw: RawTool): MaybePromise<unknown> {
  if (raw.definition) return raw.definition.parameters ?? emptyObjectSchema;
  return settledReading(raw.key, 'input', readToolContent(raw.tool as Tool).parameters);
}

function outputSchemaOf(raw: RawTool): MaybePromise<unknown> {
  if (raw.definition) return raw.definition.output_schema;
  const reading = readToolContent(raw.tool as Tool).outputSchema;
  return reading === undefined ? undefined : settledReading(raw.key, 'output', reading);
}

/** A schema read through the SDK's conversion (once per tool object), or its conversion error. */
function settledReading(
  toolName: string,
  schema: 'input' | 'output',
  reading: SchemaReading,
): MaybePromise<unknown> {
  if (!reading.ok) throw conversionError(toolName, schema, reading.error);
  return reading.value;
}

/** Awaits a schema given as a promise, reporting a rejection as a conversion failure. */
async function settleSchema(
  toolName: string,
  schema: 'input' | 'output',
  value: MaybePromise<unknown>,
): Promise<unknown> {
  try {
    return await value;
  } catch (error) {
    throw conversionError(toolName, schema, error);
  }
}

function conversionError(
  toolName: string,
  schema: 'input' | 'output',
  cause: unknown,
): InvalidToolDefinitionError {
  return new InvalidToolDefinitionError({
    toolName,
    reason: `its ${schema} schema cannot be converted to JSON Schema`,
    cause,
  });
}

/**
 * Accepts any JSON Schema, as plain `ai` does (`{}`, no `type`, `anyOf`, and
 * the boolean schemas `true` and `false`): it goes on the wire unchanged. Only
 * a value that is no JSON Schema at all (null, an array, a number) is refused.
 *
 * A boolean schema is kept as it is, although `CatalogEntry.parameters` is
 * typed as an object: everything that reads parameters (required names,
 * validation, search fields, token costs) copes with `true` and `false`.
 */
function checkParameters(toolName: string, schema: unknown): JSONSchema7 {
  if (typeof schema === 'boolean') return schema as unknown as JSONSchema7;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    const found = schema === null ? 'null' : Array.isArray(schema) ? 'an array' : typeof schema;
    throw new InvalidToolDefinitionError({
      toolName,
      reason: `its parameters must be a JSON Schema, an object such as {"type":"object","properties":{}} or a boolean (found ${found})`,
    });
  }
  return schema as JSONSchema7;
}

/**
 * A tool's aliases or tags, search hints only: a definition's were validated
 * as strings; of a tool's metadata (which plain `ai` never reads), only the
 * string items of an array are kept, and anything else is ignored.
 */
function listOf(raw: RawTool, field: 'aliases' | 'tags'): string[] {
  const value = raw.definition ? raw.definition[field] : metadataValue(raw.tool, field);
  if (!Array.isArray(value)) return [];
  return value
    .filter((item: unknown): item is string => typeof item === 'string')
    .map((item) => item.trim())
    .filter(Boolean);
}

function metadataValue(tool: Tool | undefined, field: string): unknown {
  const metadata = tool?.metadata;
  return metadata != null && typeof metadata === 'object' ? ownValue(metadata, field) : undefined;
}

function metadataString(tool: Tool | undefined, field: string): string | undefined {
  const value = metadataValue(tool, field);
  return typeof value === 'string' ? value : undefined;
}

function ownValue<VALUE>(record: Record<string, VALUE>, key: string): VALUE | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function assertUnique(entries: readonly CatalogEntry[], nameOf: (entry: CatalogEntry) => string) {
  const seen = new Map<string, CatalogEntry>();
  for (const entry of entries) {
    const name = nameOf(entry);
    const previous = seen.get(name);
    if (previous) {
      // Keys alone may be equal (two definitions with one name); canonical ids tell them apart.
      const labels =
        previous.key === entry.key ? [previous.id, entry.id] : [previous.key, entry.key];
      const pair = labels.sort(compareByteOrder) as [string, string];
      throw new WireNameCollisionError({ collidingName: name, tools: pair });
    }
    seen.set(name, entry);
  }
}

function fingerprintOf(entries: readonly CatalogEntry[], namespaces: readonly NamespaceInfo[]) {
  return contentDigest(
    JSON.stringify([
      entries.map((entry) => [
        entry.id,
        entry.wireName,
        entry.key,
        entry.kind,
        entry.core,
        entry.position,
        entry.description,
        entry.parameters,
        entry.outputSchema ?? null,
        entry.aliases,
        entry.tags,
        entry.annotations ?? null,
      ]),
      namespaces,
    ]),
  );
}
