import type { Tool } from 'ai';

/** The metadata fields `createCatalog` reads (namespace, MCP client, aliases, tags, annotations). */
export const METADATA_FIELDS = [
  'namespace',
  'clientName',
  'aliases',
  'tags',
  'annotations',
] as const;

/**
 * The JSON texts a tool's content digest is taken of, each part apart, so a
 * tool object read later can be compared with them part by part
 * (`sameToolContentTexts`). Strings cannot be changed, so neither can these.
 */
export interface ToolContentTexts {
  readonly parameters: string;
  readonly type: string;
  /** The description when it is a string, else its `typeof` (a function of context). */
  readonly description: string;
  readonly outputSchema: string;
  readonly metadata: string;
}

/**
 * The texts of a tool's content: its input schema's JSON (which also sizes the
 * caches, so it is serialized alone), its type, description, output schema and
 * the metadata fields the catalog reads; undefined when some part cannot be
 * serialized (a cycle, a BigInt).
 */
export function serializeToolContent(
  tool: Tool,
  description: unknown,
  parameters: unknown,
  outputSchema: unknown,
): ToolContentTexts | undefined {
  try {
    return {
      parameters: toJson(parameters ?? null),
      type: toJson(tool.type ?? null),
      description: typeof description === 'string' ? description : typeof description,
      outputSchema: toJson(outputSchema ?? null),
      metadata: toJson(metadataContent(tool)),
    };
  } catch {
    return undefined;
  }
}

/**
 * The one text a digest is taken of: the other parts as one JSON array (as
 * `JSON.stringify([type, description, outputSchema, metadata])` writes it),
 * then the input schema's JSON. A JSON text ends where its value does, so the
 * two read one way only.
 */
export function digestedText(texts: ToolContentTexts): string {
  return `[${texts.type},${JSON.stringify(texts.description)},${texts.outputSchema},${texts.metadata}]${texts.parameters}`;
}

/**
 * Whether a tool read now has the content `before` was serialized from: the
 * same input schema JSON, type, description, output schema JSON and metadata
 * JSON. Texts are compared whole, so any change of any part is seen; the
 * description is compared as it is, not serialized.
 */
export function sameToolContentTexts(
  before: ToolContentTexts,
  tool: Tool,
  description: unknown,
  parameters: unknown,
  outputSchema: unknown,
): boolean {
  const text = typeof description === 'string' ? description : typeof description;
  if (text !== before.description) return false;
  // The cheap parts first, the input schema last.
  try {
    return (
      toJson(tool.type ?? null) === before.type &&
      (tool.metadata == null
        ? before.metadata === '{}'
        : toJson(metadataContent(tool)) === before.metadata) &&
      (outputSchema === undefined
        ? before.outputSchema === 'null'
        : toJson(outputSchema) === before.outputSchema) &&
      toJson(parameters ?? null) === before.parameters
    );
  } catch {
    return false;
  }
}

/** `JSON.stringify` of an array element: `null` where it leaves a value out. */
function toJson(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** The metadata fields the catalog reads, as own properties of a new object. */
function metadataContent(tool: Tool): unknown {
  const metadata: Record<string, unknown> = {};
  const source = tool.metadata;
  if (source != null && typeof source === 'object') {
    for (const field of METADATA_FIELDS) {
      if (Object.hasOwn(source, field)) {
        metadata[field] = (source as Record<string, unknown>)[field];
      }
    }
  }
  return metadata;
}
