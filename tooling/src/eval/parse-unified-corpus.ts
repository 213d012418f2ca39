import type { ToolDefinition } from 'tool-disclosure/catalog';
import { BRIDGE_TOOL_NAMES } from 'tool-disclosure/catalog';
import { isRecord } from 'tool-disclosure/util';
import type { EvalIntent } from './eval-corpus.js';
import {
  classOf,
  idOf,
  namespacesOf,
  queryOf,
  relevanceOf,
  skippedTool,
} from './read-corpus-fields.js';
import { type ParseRows, rejectRow } from './reject-row.js';
import { sampleToSchema, toJsonSchema } from './to-json-schema.js';
import { claimUnique, splitHumanName, toWireName } from './to-wire-name.js';

type JsonObject = Record<string, unknown>;

/**
 * A corpus in the unified format of the shared benchmarks: `tools` with ids and `queries`,
 * relevance keyed by tool id; each tool gets a unique wire name and canonical id from its name.
 */
export function parseUnifiedCorpus(
  data: JsonObject,
  name: string,
  fail: (reason: string) => never,
  parseRows: ParseRows,
) {
  const corpusNamespace = toWireName(name) || 'eval';
  const wireNames = new Set<string>(BRIDGE_TOOL_NAMES);
  const capabilityIds = new Set<string>();
  const wireNameById = new Map<string, string>();
  const skippedIds = new Set<string>();
  const tools = parseRows(data.tools as unknown[], 'tools', (tool, index): ToolDefinition => {
    const where = `tools[${index}]`;
    if (!isRecord(tool)) return rejectRow(`${where} must be an object`);
    if (typeof tool.id !== 'string' && typeof tool.id !== 'number') {
      return rejectRow(`${where} needs an "id" (a string or a number)`);
    }
    const id = String(tool.id);
    if (typeof tool.name !== 'string' || tool.name.trim() === '') {
      if (!wireNameById.has(id)) skippedIds.add(id);
      return rejectRow(`${where} needs a non-empty string "name"`);
    }
    if (wireNameById.has(id)) rejectRow(`two tools have the id ${JSON.stringify(id)}`);
    const originalName = tool.name.trim();
    const wireName = claimUnique(toWireName(originalName), id, wireNames);
    wireNameById.set(id, wireName);
    skippedIds.delete(id);

    const { namespace, local } = splitHumanName(originalName);
    const localName = toWireName(local) || toWireName(id) || 'tool';
    const capabilityId = claimUnique(
      localName,
      id,
      capabilityIds,
      `${toWireName(namespace) || corpusNamespace}.`,
    );
    const definition: ToolDefinition = {
      name: wireName,
      capability_id: capabilityId,
      parameters: toJsonSchema(tool.parameters),
    };
    if (typeof tool.description === 'string') definition.description = tool.description;
    const returns = tool.output_schema ?? tool.return_schema;
    if (isRecord(returns)) definition.output_schema = sampleToSchema(returns);
    if (originalName !== wireName) definition.aliases = [originalName];
    if (typeof tool.category === 'string' && tool.category.trim() !== '') {
      definition.tags = [tool.category.trim()];
    }
    return definition;
  });
  const intents = parseRows(data.queries as unknown[], 'queries', (query, index): EvalIntent => {
    const where = `queries[${index}]`;
    if (!isRecord(query)) return rejectRow(`${where} must be an object`);
    return {
      id: idOf(query.id, index),
      class: classOf(query.class, where),
      query: queryOf(query.query, where),
      relevance: relevanceOf(
        query.relevant,
        where,
        (key) => wireNameById.get(key) ?? (skippedIds.has(key) ? skippedTool : undefined),
      ),
    };
  });
  return { name, tools, namespaces: namespacesOf(data.namespaces, fail), intents };
}
