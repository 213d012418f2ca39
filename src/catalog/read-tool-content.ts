import { asSchema, type Tool } from 'ai';
import { contentDigest } from '../util/content-digest.js';
import { rememberJsonText } from '../util/json-byte-length.js';

/** A schema as the SDK's `asSchema` gives it: a value, or a promise when `jsonSchema()` got one. */
export type MaybePromise<VALUE> = VALUE | PromiseLike<VALUE>;

/** What a catalog reads from one AI SDK tool, read once per tool object. */
export interface ToolContent {
  /** The input JSON Schema as the SDK sends it; a thrown conversion error is kept, not thrown. */
  readonly parameters: SchemaReading;
  /** The output JSON Schema, when the tool declares one. */
  readonly outputSchema: SchemaReading | undefined;
  /**
   * SHA-256 of everything the catalog derives from the tool except a
   * description that is a function of the tool's context (which changes per
   * request): its type, string description, schemas and the metadata fields
   * the catalog reads. A promise while a schema is; a tool whose content
   * cannot be serialized gets a digest of its own that matches no other tool.
   */
  readonly digest: MaybePromise<string>;
  /** The description the digest covers, as the tool had it when read. */
  readonly description: unknown;
}

/** A converted schema, or why the conversion failed. */
export type SchemaReading =
  | { readonly ok: true; readonly value: MaybePromise<unknown> }
  | { readonly ok: false; readonly error: unknown };

interface Memo extends ToolContent {
  readonly type: unknown;
  readonly description: unknown;
  readonly inputSchema: unknown;
  readonly outputSchemaSource: unknown;
  readonly metadata: unknown;
  /** What the catalog reads of the metadata (`metadataFieldsOf`): a field changed inside the same object is seen. */
  readonly metadataFields: readonly unknown[];
}

/** The metadata fields `createCatalog` reads (namespace, MCP client, aliases, tags, annotations). */
const metadataFields = ['namespace', 'clientName', 'aliases', 'tags', 'annotations'] as const;

const memos = new WeakMap<Tool, Memo>();
let unshareable = 0;
/** How the digest of its own an unserializable tool gets begins. */
const OWN_DIGEST = 'unshareable-';

/**
 * Reads a tool's schemas and content digest, once per tool object: a later
 * read reuses them while the tool's type, description, schemas and metadata
 * are the same objects, so a tool whose fields were replaced is read again.
 * Schema conversions (zod to JSON Schema, for example) run here, so catalogs
 * and cache keys of many requests share one conversion per tool.
 *
 * @example
 * const { parameters, digest } = readToolContent(tools.search);
 */
export function readToolContent(tool: Tool): ToolContent {
  const memo = memos.get(tool);
  if (
    memo !== undefined &&
    memo.type === tool.type &&
    memo.description === tool.description &&
    memo.inputSchema === tool.inputSchema &&
    memo.outputSchemaSource === tool.outputSchema &&
    memo.metadata === tool.metadata &&
    sameMetadataFields(memo.metadataFields, tool)
  ) {
    return memo;
  }
  const parameters = readSchema(() => asSchema(tool.inputSchema).jsonSchema);
  const outputSchema =
    tool.outputSchema === undefined
      ? undefined
      : readSchema(() => asSchema(tool.outputSchema).jsonSchema);
  // Read once: the digest covers the very description the memo holds (a getter may change it).
  const description = tool.description;
  const fresh: Memo = {
    type: tool.type,
    description,
    inputSchema: tool.inputSchema,
    outputSchemaSource: tool.outputSchema,
    metadata: tool.metadata,
    metadataFields: metadataFieldsOf(tool),
    parameters,
    outputSchema,
    digest: digestOf(tool, description, parameters, outputSchema),
  };
  memos.set(tool, fresh);
  return fresh;
}

function readSchema(read: () => MaybePromise<unknown>): SchemaReading {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    return { ok: false, error };
  }
}

function digestOf(
  tool: Tool,
  description: unknown,
  parameters: SchemaReading,
  outputSchema: SchemaReading | undefined,
): MaybePromise<string> {
  const input = parameters.ok ? parameters.value : undefined;
  const output = outputSchema?.ok ? outputSchema.value : undefined;
  if (isPromiseLike(input) || isPromiseLike(output)) {
    return Promise.all([input, output]).then(
      ([settledInput, settledOutput]) =>
        serializeDigest(tool, description, settledInput, settledOutput),
      () => ownDigest(),
    );
  }
  return serializeDigest(tool, description, input, output);
}

/** What the catalog reads of a tool's metadata: each field, and the annotations' hints. */
function metadataFieldsOf(tool: Tool): readonly unknown[] {
  const source = tool.metadata as Record<string, unknown> | undefined;
  if (source == null || typeof source !== 'object') return noFields;
  const annotations = source.annotations as Record<string, unknown> | undefined;
  const fields = [source.namespace, source.clientName, source.aliases, source.tags, annotations];
  if (annotations != null && typeof annotations === 'object') {
    fields.push(
      annotations.readOnlyHint,
      annotations.destructiveHint,
      annotations.idempotentHint,
      annotations.openWorldHint,
    );
  }
  return fields;
}

const noFields: readonly unknown[] = [];

/**
 * Whether the fields the catalog reads of a tool's metadata are those read
 * before: the same strings, arrays and objects, and the same hints, so a
 * field replaced, or a hint changed inside the same annotations object, is seen.
 */
function sameMetadataFields(before: readonly unknown[], tool: Tool): boolean {
  const source = tool.metadata as Record<string, unknown> | undefined;
  if (source == null || typeof source !== 'object') return before.length === 0;
  // Read in place, not into a new array: this runs for every tool of every warm request.
  const annotations = source.annotations as Record<string, unknown> | undefined;
  if (
    source.namespace !== before[0] ||
    source.clientName !== before[1] ||
    source.aliases !== before[2] ||
    source.tags !== before[3] ||
    annotations !== before[4]
  ) {
    return false;
  }
  if (annotations == null || typeof annotations !== 'object') return before.length === 5;
  return (
    before.length === 9 &&
    annotations.readOnlyHint === before[5] &&
    annotations.destructiveHint === before[6] &&
    annotations.idempotentHint === before[7] &&
    annotations.openWorldHint === before[8]
  );
}

function metadataContent(tool: Tool): unknown {
  const metadata: Record<string, unknown> = {};
  const source = tool.metadata;
  if (source != null && typeof source === 'object') {
    for (const field of metadataFields) {
      if (Object.hasOwn(source, field))
        metadata[field] = (source as Record<string, unknown>)[field];
    }
  }
  return metadata;
}

function serializeDigest(
  tool: Tool,
  description: unknown,
  parameters: unknown,
  outputSchema: unknown,
): string {
  const metadata = metadataContent(tool);
  try {
    // The input schema's text also sizes the caches, so it is serialized alone.
    const parametersJson = JSON.stringify(parameters ?? null) ?? 'null';
    rememberJsonText(parameters, parametersJson);
    // A JSON text ends where its value does, so the two texts read one way only; one
    // serialization of the rest, not one per field, is a sixth of the cost of the digest.
    const rest = JSON.stringify([
      tool.type ?? null,
      typeof description === 'string' ? description : typeof description,
      outputSchema ?? null,
      metadata,
    ]);
    return contentDigest(rest + parametersJson);
  } catch {
    return ownDigest();
  }
}

/** A digest no other tool has, for content that cannot be serialized: never shared, never cached across tools. */
function ownDigest(): string {
  unshareable += 1;
  return `${OWN_DIGEST}${unshareable}`;
}

/** Whether a tool's `digest` is the SHA-256 of its content, not the digest of its own an unserializable tool gets. */
export function isContentDigest(digest: unknown): digest is string {
  // A length test, not a pattern: digests are only ever 64 hex characters or an own digest.
  return typeof digest === 'string' && digest.length === 64 && !digest.startsWith(OWN_DIGEST);
}

export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    value != null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
