import type { JSONSchema7 } from 'ai';
import { InvalidToolDefinitionError } from '../error/invalid-tool-definition-error.js';
import type { RawTool } from './collect-raw-tools.js';
import type { MaybePromise, SchemaReading, ToolContent } from './read-tool-content.js';

const emptyObjectSchema: JSONSchema7 = {
  type: 'object',
  properties: {},
  additionalProperties: false,
};

/**
 * A tool's input schema as read: a definition's `parameters` (an empty object
 * schema without), or the SDK's conversion in `content` (the tool's
 * `readToolContent`, read once for the entry so its schemas and digest agree).
 */
export function parametersOf(
  raw: RawTool,
  content: ToolContent | undefined,
): MaybePromise<unknown> {
  if (raw.definition) return raw.definition.parameters ?? emptyObjectSchema;
  return settledReading(raw.key, 'input', (content as ToolContent).parameters);
}

/** A tool's output schema as read, if it has one. */
export function outputSchemaOf(
  raw: RawTool,
  content: ToolContent | undefined,
): MaybePromise<unknown> {
  if (raw.definition) return raw.definition.output_schema;
  const reading = (content as ToolContent).outputSchema;
  return reading === undefined ? undefined : settledReading(raw.key, 'output', reading);
}

/** A schema read through the SDK's conversion (once per tool object), or its conversion error. */
function settledReading(
  toolName: string,
  schema: 'input' | 'output',
  reading: SchemaReading,
): MaybePromise<unknown> {
  if (!reading.ok) throw conversionError(toolName, schema, reading.error);
  return reading.value;
}

/** Awaits a schema given as a promise, reporting a rejection as a conversion failure. */
export async function settleSchema(
  toolName: string,
  schema: 'input' | 'output',
  value: MaybePromise<unknown>,
): Promise<unknown> {
  try {
    return await value;
  } catch (error) {
    throw conversionError(toolName, schema, error);
  }
}

function conversionError(
  toolName: string,
  schema: 'input' | 'output',
  cause: unknown,
): InvalidToolDefinitionError {
  return new InvalidToolDefinitionError({
    toolName,
    reason: `its ${schema} schema cannot be converted to JSON Schema`,
    cause,
  });
}

/**
 * Accepts any JSON Schema, as plain `ai` does (`{}`, no `type`, `anyOf`, and
 * the boolean schemas `true` and `false`): it goes on the wire unchanged. Only
 * a value that is no JSON Schema at all (null, an array, a number) is refused.
 *
 * A boolean schema is kept as it is, although `CatalogEntry.parameters` is
 * typed as an object: everything that reads parameters (required names,
 * validation, search fields, token costs) copes with `true` and `false`.
 */
export function checkParameters(toolName: string, schema: unknown): JSONSchema7 {
  if (typeof schema === 'boolean') return schema as unknown as JSONSchema7;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    const found = schema === null ? 'null' : Array.isArray(schema) ? 'an array' : typeof schema;
    throw new InvalidToolDefinitionError({
      toolName,
      reason: `its parameters must be a JSON Schema, an object such as {"type":"object","properties":{}} or a boolean (found ${found})`,
    });
  }
  return schema as JSONSchema7;
}
