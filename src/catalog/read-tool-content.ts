import { asSchema, type Tool } from 'ai';
import { contentDigest } from '../util/content-digest.js';
import { rememberJsonText } from '../util/json-byte-length.js';
import {
  digestedText,
  sameToolContentTexts,
  serializeToolContent,
  type ToolContentTexts,
} from './tool-content-texts.js';

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

/** A tool's content with the texts its digest was taken of, for `readTool` with `previous`. */
interface SerializedContent extends ToolContent {
  /** Undefined for a digest of its own, or one taken once a schema promise settled. */
  readonly texts: ToolContentTexts | undefined;
}

/**
 * What a tool object's fields were when its content was read, and that
 * content: while they are the same (`isToolReadingCurrent`), so is the content.
 */
export interface ToolReading {
  readonly content: ToolContent;
  readonly type: unknown;
  readonly description: unknown;
  readonly inputSchema: unknown;
  readonly outputSchemaSource: unknown;
  readonly metadata: unknown;
  /** What the catalog reads of the metadata (`metadataFieldsOf`): a field changed inside the same object is seen. */
  readonly metadataFields: readonly unknown[];
}

const readings = new WeakMap<Tool, ToolReading>();
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
  return readTool(tool).content;
}

/**
 * The reading of a tool object (`readToolContent`'s, which it keeps for the
 * object). With `previous`, the content of the tool that had the same name
 * before (a tools record built again per request, as an MCP client's
 * `tools()` builds one), a tool object not read yet whose content serializes
 * to the texts `previous`'s digest was taken of gets `previous` itself,
 * without hashing: texts are compared whole (`sameToolContentTexts`), so any
 * change of description, schema or metadata is a new digest. Such a reading
 * is not kept for the object (`keepToolReading` keeps it): most are of tool
 * objects used for one request.
 */
export function readTool(tool: Tool, previous?: ToolContent): ToolReading {
  const kept = readings.get(tool);
  if (kept !== undefined && isToolReadingCurrent(kept, tool)) return kept;
  const parameters = readSchema(() => asSchema(tool.inputSchema).jsonSchema);
  const outputSchema =
    tool.outputSchema === undefined
      ? undefined
      : readSchema(() => asSchema(tool.outputSchema).jsonSchema);
  // Read once: the digest covers the very description the reading holds (a getter may change it).
  const description = tool.description;
  const before = (previous as SerializedContent | undefined)?.texts;
  if (before !== undefined && parameters.ok && outputSchema?.ok !== false) {
    const input = parameters.value;
    const output = outputSchema?.value;
    if (
      !isPromiseLike(input) &&
      !isPromiseLike(output) &&
      sameToolContentTexts(before, tool, description, input, output)
    ) {
      return readingOf(tool, description, previous as ToolContent);
    }
  }
  const reading = readingOf(
    tool,
    description,
    contentOf(tool, description, parameters, outputSchema),
  );
  readings.set(tool, reading);
  return reading;
}

/** Keeps `reading` as the reading of `tool`, for `readToolContent` (a catalog build reads through it). */
export function keepToolReading(tool: Tool, reading: ToolReading): void {
  if (readings.get(tool) !== reading) readings.set(tool, reading);
}

/** Whether `tool`'s fields are still those `reading` was made of, so its content is still current. */
export function isToolReadingCurrent(reading: ToolReading, tool: Tool): boolean {
  return (
    reading.type === tool.type &&
    reading.description === tool.description &&
    reading.inputSchema === tool.inputSchema &&
    reading.outputSchemaSource === tool.outputSchema &&
    reading.metadata === tool.metadata &&
    sameMetadataFields(reading.metadataFields, tool)
  );
}

function readingOf(tool: Tool, description: unknown, content: ToolContent): ToolReading {
  return {
    content,
    type: tool.type,
    description,
    inputSchema: tool.inputSchema,
    outputSchemaSource: tool.outputSchema,
    metadata: tool.metadata,
    metadataFields: metadataFieldsOf(tool),
  };
}

function contentOf(
  tool: Tool,
  description: unknown,
  parameters: SchemaReading,
  outputSchema: SchemaReading | undefined,
): SerializedContent {
  const input = parameters.ok ? parameters.value : undefined;
  const output = outputSchema?.ok ? outputSchema.value : undefined;
  if (isPromiseLike(input) || isPromiseLike(output)) {
    const digest = Promise.all([input, output]).then(
      ([settledInput, settledOutput]) =>
        digestOf(serializeToolContent(tool, description, settledInput, settledOutput)),
      () => ownDigest(),
    );
    return { parameters, outputSchema, description, digest, texts: undefined };
  }
  const texts = serializeToolContent(tool, description, input, output);
  if (texts !== undefined) rememberJsonText(input, texts.parameters);
  return { parameters, outputSchema, description, digest: digestOf(texts), texts };
}

function digestOf(texts: ToolContentTexts | undefined): string {
  return texts === undefined ? ownDigest() : contentDigest(digestedText(texts));
}

function readSchema(read: () => MaybePromise<unknown>): SchemaReading {
  try {
    return { ok: true, value: read() };
  } catch (error) {
    return { ok: false, error };
  }
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
