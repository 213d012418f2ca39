import { type Tool, type ToolSet, tool } from 'ai';
import type { ToolDefinition } from '../catalog/tool-definition.js';
import { BENCH_TOOL_RESULT, type BenchToolAnswer } from './create-bench-tools.js';
import { zodFromJsonSchema } from './zod-from-json-schema.js';

/**
 * `createBenchTools` with zod input schemas: each tool made with
 * `tool({ inputSchema: z.object(...) })` from its definition's parameters, as
 * an application that writes its tools in zod has them.
 *
 * @example
 * const tools = createZodBenchTools(padWithDistractors(corpus.tools, 1000));
 */
export function createZodBenchTools(
  definitions: readonly ToolDefinition[],
  answer: BenchToolAnswer = () => BENCH_TOOL_RESULT,
): ToolSet {
  const tools: Record<string, Tool> = {};
  for (const definition of definitions) {
    Object.defineProperty(tools, definition.name, {
      value: tool({
        description: definition.description ?? '',
        inputSchema: zodFromJsonSchema(
          definition.parameters ?? { type: 'object', properties: {} },
        ) as never,
        execute: async (_input: unknown, { toolCallId }: { toolCallId: string }) =>
          answer(definition.name, toolCallId),
        metadata: { aliases: definition.aliases ?? [], tags: definition.tags ?? [] },
      }),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return tools;
}
