import {
  type FlexibleSchema,
  type JSONSchema7,
  jsonSchema,
  type Tool,
  type ToolSet,
  tool,
} from 'ai';
import type { ToolDefinition } from 'tool-disclosure/catalog';
import { zodFromJsonSchema } from './zod-from-json-schema.js';

/** What every bench tool returns: the scripted agent only needs an answer. */
export const BENCH_TOOL_RESULT = Object.freeze({ ok: true, note: 'bench tool without a backend' });

/** What a bench tool answers to one call. */
export type BenchToolAnswer = (name: string, toolCallId: string) => unknown;

/** How a bench tool's input schema is written: as JSON Schema (as MCP tools are), or in zod. */
export type BenchSchemas = 'json_schema' | 'zod';

const schemaWriters: Readonly<Record<BenchSchemas, (parameters: JSONSchema7) => FlexibleSchema>> = {
  json_schema: (parameters) => jsonSchema(parameters),
  // As an application that writes its tools in zod has them: `z.object(...)`.
  zod: (parameters) => zodFromJsonSchema(parameters) as FlexibleSchema,
};

/**
 * A fresh AI SDK tools record of `definitions`, keyed by name, each tool
 * answering `answer` (by default `BENCH_TOOL_RESULT`), its input schema
 * written as `schemas` says; aliases and tags go into metadata, where the
 * catalog reads them, so search sees what `eval` sees.
 */
export function createBenchTools(
  definitions: readonly ToolDefinition[],
  answer: BenchToolAnswer = () => BENCH_TOOL_RESULT,
  schemas: BenchSchemas = 'json_schema',
): ToolSet {
  const writeSchema = schemaWriters[schemas];
  const tools: Record<string, Tool> = {};
  for (const definition of definitions) {
    Object.defineProperty(tools, definition.name, {
      value: tool({
        description: definition.description ?? '',
        inputSchema: writeSchema(
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
