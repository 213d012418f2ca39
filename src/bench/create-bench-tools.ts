import { jsonSchema, type Tool, type ToolSet, tool } from 'ai';
import type { ToolDefinition } from '../catalog/tool-definition.js';

/** What every bench tool returns: the scripted agent only needs an answer. */
export const BENCH_TOOL_RESULT = Object.freeze({ ok: true, note: 'bench tool without a backend' });

/** What a bench tool answers to one call. */
export type BenchToolAnswer = (name: string, toolCallId: string) => unknown;

/**
 * A fresh AI SDK tools record of `definitions`, keyed by name, each tool
 * answering `answer` (by default `BENCH_TOOL_RESULT`); aliases and tags go
 * into metadata, where the catalog reads them, so search sees what `eval` sees.
 */
export function createBenchTools(
  definitions: readonly ToolDefinition[],
  answer: BenchToolAnswer = () => BENCH_TOOL_RESULT,
): ToolSet {
  const tools: Record<string, Tool> = {};
  for (const definition of definitions) {
    Object.defineProperty(tools, definition.name, {
      value: tool({
        description: definition.description ?? '',
        inputSchema: jsonSchema(definition.parameters ?? { type: 'object', properties: {} }),
        execute: async (_input, { toolCallId }) => answer(definition.name, toolCallId),
        metadata: { aliases: definition.aliases ?? [], tags: definition.tags ?? [] },
      }),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return tools;
}
