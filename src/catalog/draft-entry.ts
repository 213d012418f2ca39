import type { Tool } from 'ai';
import { InvalidToolDefinitionError } from '../error/invalid-tool-definition-error.js';
import { BRIDGE_TOOL_NAMES } from './bridge-tool-names.js';
import type { CatalogEntry } from './catalog-entry.js';
import { chooseWireName, deriveName } from './catalog-names-of.js';
import type { RawTool } from './collect-raw-tools.js';
import { describeTool } from './describe-tool.js';
import { encodeDots, encodeWireName } from './encode-wire-name.js';
import { outputSchemaOf, parametersOf } from './entry-schemas.js';
import { metadataString, metadataValue } from './metadata-value.js';
import { readToolContent } from './read-tool-content.js';
import type { RenamedTool } from './resolve-name-conflicts.js';
import { readToolAnnotations } from './tool-annotations.js';

/**
 * A catalog entry being built, frozen into the entry itself once finished (no
 * copy per entry): its schemas not yet checked (maybe promises), its
 * namespace's description not yet read.
 */
export type DraftEntry = {
  -readonly [FIELD in keyof CatalogEntry]: FIELD extends 'parameters' | 'outputSchema'
    ? unknown
    : CatalogEntry[FIELD];
};

/**
 * One tool's catalog entry, drafted: its names (a wire name reserved for a bridge is refused, or
 * renamed into `context.reserved`), description, schemas as read, annotations, kind and tier.
 * Its tool digest and whether the description is the one that digest covers are pushed to
 * `toolDigests` and `describedByDigest`, at the entry's position.
 */
export function draftEntry(
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
