/** Arguments that satisfy a JSON schema's required properties, varied by step. */
export function sampleArguments(schema: unknown, step: number): Record<string, unknown> {
  const value = sampleValue(schema, step, 0);
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function sampleValue(schema: unknown, step: number, depth: number): unknown {
  if (schema === null || typeof schema !== 'object' || depth > 6) return 'x';
  const node = schema as Record<string, unknown>;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[step % node.enum.length];
  if ('const' in node) return node.const;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = node[key];
    if (Array.isArray(options) && options.length > 0) {
      return sampleValue(options[0], step, depth + 1);
    }
  }
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  switch (type) {
    case 'object':
    case undefined: {
      const properties = (node.properties ?? {}) as Record<string, unknown>;
      const required = Array.isArray(node.required) ? (node.required as string[]) : [];
      const result: Record<string, unknown> = {};
      for (const key of required) result[key] = sampleValue(properties[key], step, depth + 1);
      return result;
    }
    case 'array': {
      const minItems = typeof node.minItems === 'number' ? node.minItems : 0;
      return Array.from({ length: minItems }, () => sampleValue(node.items, step, depth + 1));
    }
    case 'integer':
    case 'number': {
      const minimum = typeof node.minimum === 'number' ? node.minimum : 1;
      const maximum = typeof node.maximum === 'number' ? node.maximum : minimum + 100;
      return Math.min(maximum, Math.ceil(minimum) + (step % 7));
    }
    case 'boolean':
      return step % 2 === 0;
    case 'null':
      return null;
    default:
      return sampleString(node, step);
  }
}

function sampleString(node: Record<string, unknown>, step: number): string {
  if (node.format === 'date-time')
    return `2026-03-${String(1 + (step % 28)).padStart(2, '0')}T09:00:00Z`;
  if (node.format === 'date') return `2026-03-${String(1 + (step % 28)).padStart(2, '0')}`;
  if (node.format === 'email') return `user${step}@example.com`;
  if (node.format === 'uri' || node.format === 'url') return `https://example.com/item/${step}`;
  const text = `item-${step + 1}`;
  const minLength = typeof node.minLength === 'number' ? node.minLength : 0;
  return text.padEnd(minLength, 'x');
}
