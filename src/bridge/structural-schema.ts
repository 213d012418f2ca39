/** Keywords whose value is one subschema. */
const schemaKeywords = [
  'additionalItems',
  'additionalProperties',
  'contains',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
] as const;

/** Keywords whose value is a list of subschemas. */
const listKeywords = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'] as const;

/** Keywords whose value maps names to subschemas. */
const mapKeywords = ['$defs', 'definitions', 'dependentSchemas', 'dependencies', 'properties'];

/**
 * A JSON Schema without the checks that run text of the schema's author over
 * text of the model: `pattern` and `patternProperties` (regular expressions,
 * which backtrack exponentially: `^([a-zA-Z]+\s?)+$` took 4 s on 31
 * characters) and `format` (the validator's URL check is quadratic: 5 s on
 * 128 KB). A third-party MCP server's schema and a prompt-injected model
 * would stall the process; plain `ai` does not validate such schemas at all,
 * and the tool or its server still checks them. A schema with
 * `patternProperties` accepts any other property, so nothing it allowed is
 * refused. Everything else (types, required, enums, bounds, composition,
 * `$ref`) is kept; `properties` named `pattern` or `format` too. The input
 * is not changed.
 *
 * @example
 * structuralSchema({ type: 'string', pattern: '^(a+)+$' }); // { type: 'string' }
 */
export function structuralSchema(schema: unknown): unknown {
  return withoutPatterns(schema, new WeakSet());
}

/** `structuralSchema` below the schemas in `ancestors`; a schema that contains itself accepts anything there. */
function withoutPatterns(schema: unknown, ancestors: WeakSet<object>): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  if (ancestors.has(schema)) return true;
  ancestors.add(schema);
  const inner = (subschema: unknown) => withoutPatterns(subschema, ancestors);
  const copy: Record<string, unknown> = { ...(schema as Record<string, unknown>) };
  if (typeof copy.pattern === 'string') delete copy.pattern;
  if (typeof copy.format === 'string') delete copy.format;
  if (copy.patternProperties !== undefined) {
    delete copy.patternProperties;
    delete copy.additionalProperties;
    delete copy.unevaluatedProperties;
  }
  for (const keyword of schemaKeywords) {
    if (Object.hasOwn(copy, keyword) && !Array.isArray(copy[keyword])) {
      copy[keyword] = inner(copy[keyword]);
    }
  }
  for (const keyword of listKeywords) {
    const value = copy[keyword];
    if (Object.hasOwn(copy, keyword) && Array.isArray(value)) {
      copy[keyword] = value.map(inner);
    }
  }
  for (const keyword of mapKeywords) {
    const value = copy[keyword];
    if (!Object.hasOwn(copy, keyword) || typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) continue;
    const mapped: Record<string, unknown> = {};
    for (const name of Object.keys(value)) {
      // `dependencies` also maps names to lists of property names: those stay as they are.
      const entry = (value as Record<string, unknown>)[name];
      Object.defineProperty(mapped, name, {
        value: Array.isArray(entry) ? entry : inner(entry),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    copy[keyword] = mapped;
  }
  ancestors.delete(schema);
  return copy;
}
