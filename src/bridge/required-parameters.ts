import type { JSONSchema7 } from 'ai';
import { compareByteOrder } from '../util/compare-byte-order.js';

/**
 * The top-level required parameter names of a schema, deduplicated, in byte
 * order. Any JSON Schema object is a valid tool schema, so one without a
 * top-level `required` list (`{}`, `anyOf`) simply has none.
 */
export function requiredParameters(schema: JSONSchema7): string[] {
  const required: unknown = schema.required;
  if (!Array.isArray(required)) return [];
  const names = required.filter((name): name is string => typeof name === 'string');
  return [...new Set(names)].sort(compareByteOrder);
}
