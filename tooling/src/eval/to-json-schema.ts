import type { JSONSchema7 } from 'ai';
import { isRecord } from 'tool-disclosure/util';

type JsonObject = Record<string, unknown>;
type JsonTypeName = Extract<JSONSchema7['type'], string>;

/**
 * Converts a benchmark's parameter description to a JSON Schema object. Handles
 * JSON Schema itself, ToolLens `{required: [...], optional: [...]}`, lists of
 * `{name, type | schema.type, description}` (API-Bank) and maps of
 * `{param: {type, description}}` (APIGen, where "optional" in the type marks an
 * optional parameter). Anything else becomes an empty object schema.
 */
export function toJsonSchema(parameters: unknown): JSONSchema7 {
  if (isRecord(parameters) && parameters.type === 'object') return parameters as JSONSchema7;
  const fields: { name: string; spec: JsonObject; required: boolean }[] = [];
  if (
    isRecord(parameters) &&
    Array.isArray(parameters.required) &&
    (parameters.optional === undefined || Array.isArray(parameters.optional))
  ) {
    for (const [list, required] of [
      [parameters.required, true],
      [parameters.optional ?? [], false],
    ] as const) {
      for (const item of list as unknown[]) {
        if (isRecord(item) && typeof item.name === 'string') {
          fields.push({ name: item.name, spec: item, required });
        }
      }
    }
  } else if (Array.isArray(parameters)) {
    for (const item of parameters) {
      if (isRecord(item) && typeof item.name === 'string') {
        fields.push({ name: item.name, spec: item, required: item.required !== false });
      }
    }
  } else if (isRecord(parameters)) {
    for (const [name, item] of Object.entries(parameters)) {
      const spec: JsonObject = isRecord(item) ? item : { type: item };
      const required =
        typeof spec.required === 'boolean'
          ? spec.required
          : !(typeof spec.type === 'string' && /\boptional\b/i.test(spec.type));
      fields.push({ name, spec, required });
    }
  }
  const properties: [string, JSONSchema7][] = [];
  const required: string[] = [];
  for (const { name, spec, required: isRequired } of fields) {
    const property: JSONSchema7 = {};
    const type = jsonTypeOf(isRecord(spec.schema) ? spec.schema.type : spec.type);
    if (type !== undefined) property.type = type;
    if (typeof spec.description === 'string' && spec.description.trim() !== '') {
      property.description = spec.description;
    }
    properties.push([name, property]);
    if (isRequired && !required.includes(name)) required.push(name);
  }
  return { type: 'object', properties: Object.fromEntries(properties), required };
}

/**
 * A JSON Schema from an example-shaped return description such as ToolLens'
 * `{"results": {"ingredients": ["list of str"]}}`: the property names are what
 * search can use; a value that already is a JSON Schema is kept.
 */
export function sampleToSchema(value: JsonObject): JSONSchema7 {
  if (typeof value.type === 'string' || isRecord(value.properties)) return value as JSONSchema7;
  const properties: Record<string, JSONSchema7> = {};
  for (const [name, sample] of Object.entries(value)) properties[name] = sampleValueSchema(sample);
  return { type: 'object', properties };
}

function sampleValueSchema(sample: unknown): JSONSchema7 {
  if (isRecord(sample)) return sampleToSchema(sample);
  if (Array.isArray(sample)) {
    const [first] = sample;
    return first === undefined
      ? { type: 'array' }
      : { type: 'array', items: sampleValueSchema(first) };
  }
  const type = jsonTypeOf(sample);
  return type === undefined ? {} : { type };
}

/** Maps a benchmark's type label (`str`, `STRING`, `List[int]`, `int, optional`) to a JSON type. */
function jsonTypeOf(label: unknown): JsonTypeName | undefined {
  if (typeof label !== 'string') return undefined;
  const type = (label.split(',')[0] as string).trim().toLowerCase();
  if (type === 'str' || type === 'string') return 'string';
  if (type === 'int' || type === 'integer') return 'integer';
  if (type === 'float' || type === 'number' || type === 'double') return 'number';
  if (type === 'bool' || type === 'boolean') return 'boolean';
  if (/^(list|array|set|tuple)(\[|$)/.test(type)) return 'array';
  if (/^(dict|object|map)(\[|$)/.test(type)) return 'object';
  return undefined;
}
