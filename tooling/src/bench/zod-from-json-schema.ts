import { z } from 'zod';

/** The fields of a JSON Schema the conversion reads. */
interface SchemaFields {
  type?: unknown;
  description?: unknown;
  enum?: unknown;
  items?: unknown;
  properties?: unknown;
  required?: unknown;
  additionalProperties?: unknown;
}

/**
 * The zod schema an application would write for a JSON Schema of the shapes
 * tool catalogs use (objects, strings, enums, numbers, integers, booleans,
 * arrays and string-keyed maps, each with its description): properties not
 * listed in `required` are optional. Any other shape becomes `z.unknown()`.
 *
 * @example
 * zodFromJsonSchema({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] });
 * // z.object({ id: z.string() })
 */
export function zodFromJsonSchema(schema: unknown): z.ZodType {
  if (schema === null || typeof schema !== 'object') return z.unknown();
  const fields = schema as SchemaFields;
  const zod = zodOfType(fields);
  return typeof fields.description === 'string' ? zod.describe(fields.description) : zod;
}

function zodOfType(schema: SchemaFields): z.ZodType {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const values = Array.isArray(schema.enum)
        ? schema.enum.filter((value): value is string => typeof value === 'string')
        : [];
      return values.length > 0 ? z.enum(values as [string, ...string[]]) : z.string();
    }
    case 'integer':
      return z.number().int();
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'array':
      return z.array(
        zodFromJsonSchema(Array.isArray(schema.items) ? schema.items[0] : schema.items),
      );
    case 'object':
      return zodOfObject(schema);
    default:
      return z.unknown();
  }
}

function zodOfObject(schema: SchemaFields): z.ZodType {
  const { properties } = schema;
  if (properties === null || typeof properties !== 'object') {
    return z.record(z.string(), zodFromJsonSchema(schema.additionalProperties));
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return z.object(
    Object.fromEntries(
      Object.entries(properties).map(([name, property]) => {
        const zod = zodFromJsonSchema(property);
        return [name, required.has(name) ? zod : zod.optional()];
      }),
    ),
  );
}
