import type { ToolDefinition } from 'tool-disclosure/catalog';
import { isRecord } from 'tool-disclosure/util';
import type { EvalIntent } from './eval-corpus.js';
import { classOf, idOf, namespacesOf, queryOf, relevanceOf } from './read-corpus-fields.js';
import { type ParseRows, rejectRow } from './reject-row.js';

type JsonObject = Record<string, unknown>;

/** A corpus in the IronClaw format: `tools` with unique names and `intents`, relevance keyed by tool name. */
export function parseIronClawCorpus(
  data: JsonObject,
  name: string,
  fail: (reason: string) => never,
  parseRows: ParseRows,
) {
  const names = new Set<string>();
  const tools = parseRows(data.tools as unknown[], 'tools', (tool, index): ToolDefinition => {
    if (!isRecord(tool) || typeof tool.name !== 'string' || tool.name.trim() === '') {
      return rejectRow(`tools[${index}] must be an object with a non-empty string "name"`);
    }
    if (names.has(tool.name)) rejectRow(`two tools are named ${JSON.stringify(tool.name)}`);
    names.add(tool.name);
    return pickDefinition(tool as JsonObject & { name: string });
  });
  const intents = parseRows(data.intents as unknown[], 'queries', (intent, index): EvalIntent => {
    if (!isRecord(intent)) return rejectRow(`intents[${index}] must be an object`);
    const id = idOf(intent.id, index);
    return {
      id,
      class: classOf(intent.class, `intents[${index}]`),
      query: queryOf(intent.query, `intents[${index}]`),
      relevance: relevanceOf(intent.relevance, `intents[${index}]`, (key) =>
        names.has(key) ? key : undefined,
      ),
    };
  });
  return { name, tools, namespaces: namespacesOf(data.namespaces, fail), intents };
}

function pickDefinition(tool: JsonObject & { name: string }): ToolDefinition {
  const definition: ToolDefinition = { name: tool.name };
  for (const field of [
    'capability_id',
    'namespace',
    'description',
    'parameters',
    'output_schema',
    'kind',
    'aliases',
    'tags',
    'annotations',
  ] as const) {
    if (tool[field] !== undefined) Object.assign(definition, { [field]: tool[field] });
  }
  return definition;
}
