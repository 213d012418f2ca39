import type { Tool } from 'ai';
import { sameJsonValue } from './same-json-value.js';

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
 * JSON. Each part is compared with its text parsed back (`sameJsonValue`,
 * which never serializes the tool) and serialized only where that walk cannot
 * tell, so any change of any part is seen; the description is compared as it
 * is, not serialized.
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
  const parsed = parsedTextsOf(before);
  if (parsed === undefined) return false;
  // The cheap parts first, the input schema last.
  try {
    return (
      samePart(tool.type ?? null, parsed.type, before.type) &&
      sameMetadata(tool, parsed.metadata, before.metadata) &&
      samePart(outputSchema ?? null, parsed.outputSchema, before.outputSchema) &&
      samePart(parameters ?? null, parsed.parameters, before.parameters)
    );
  } catch {
    return false;
  }
}

/** The parts of some texts parsed back: values only this module holds, so none changes in place. */
interface ParsedTexts {
  readonly parameters: unknown;
  readonly type: unknown;
  readonly outputSchema: unknown;
  readonly metadata: Record<string, unknown>;
}

const parsedTexts = new WeakMap<ToolContentTexts, ParsedTexts>();

/** `texts` parsed back, once per texts object; undefined for texts that are not JSON (cannot happen). */
function parsedTextsOf(texts: ToolContentTexts): ParsedTexts | undefined {
  let parsed = parsedTexts.get(texts);
  if (parsed === undefined) {
    try {
      parsed = {
        parameters: JSON.parse(texts.parameters),
        type: JSON.parse(texts.type),
        outputSchema: JSON.parse(texts.outputSchema),
        metadata: JSON.parse(texts.metadata),
      };
    } catch {
      return undefined;
    }
    parsedTexts.set(texts, parsed);
  }
  return parsed;
}

/** Whether `value` serializes to `text`, `parsed` being `text` parsed: walked, else serialized. */
function samePart(value: unknown, parsed: unknown, text: string): boolean {
  return sameJsonValue(value, parsed) || toJson(value) === text;
}

/** Whether the metadata fields the catalog reads serialize to `text` (`metadataContent`'s JSON). */
function sameMetadata(tool: Tool, parsed: Record<string, unknown>, text: string): boolean {
  const source = tool.metadata;
  if (source == null || typeof source !== 'object') return text === '{}';
  let walked = true;
  for (const field of METADATA_FIELDS) {
    const present = Object.hasOwn(source, field);
    if (
      present !== Object.hasOwn(parsed, field) ||
      (present && !sameJsonValue((source as Record<string, unknown>)[field], parsed[field]))
    ) {
      walked = false;
      break;
    }
  }
  return walked || toJson(metadataContent(tool)) === text;
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
