import type { CatalogEntry, ToolDefinition } from 'tool-disclosure/catalog';

/** A catalog entry as a JSON tool definition, for commands that work on definitions (eval, bench). */
export function entryToDefinition(entry: CatalogEntry): ToolDefinition {
  return {
    name: entry.wireName,
    capability_id: entry.id,
    namespace: entry.namespace,
    description: entry.description,
    parameters: entry.parameters,
    ...(entry.outputSchema !== undefined && { output_schema: entry.outputSchema }),
    kind: entry.kind,
    ...(entry.aliases.length > 0 && { aliases: [...entry.aliases] }),
    ...(entry.tags.length > 0 && { tags: [...entry.tags] }),
  };
}
