import type { JSONSchema7 } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { analyzeText } from './analyze-text.js';
import type { TextTermNumbering } from './create-text-term-numbering.js';

/** The fields of a tool the default ranker indexes, strongest first. */
export const TOOL_FIELDS = [
  'name',
  'alias',
  'namespace',
  // What the namespace's declaration says of its service ("Stripe payments, refunds and customers").
  'service',
  'parameter',
  'description',
  'schema',
  'output',
] as const;
export type ToolField = (typeof TOOL_FIELDS)[number];

type JSONSchema7Definition = JSONSchema7 | boolean;

/**
 * The analyzed terms of each indexed field of a tool; with `forms`, the word
 * form of each term too. Each field's text is cut for indexing (never for what
 * the model is shown): an MCP tool with a 128 KB description must not stall a
 * cold start, and the first few hundred words say what a tool does.
 */
export function toolFieldTerms(entry: CatalogEntry, forms?: string[]): Record<ToolField, string[]> {
  const properties = objectProperties(entry.parameters);
  const analyze = (text: string, limit = fieldTextLimit) =>
    analyzeText(text.slice(0, limit), forms);
  const namespace = analyze(entry.namespace);
  const service = analyze(entry.namespaceDescription ?? '');
  const name = analyze(entry.localName);
  return {
    name,
    alias: analyze(aliasText(entry, () => [...name, ...namespace])),
    namespace,
    service,
    parameter: analyze(Object.keys(properties).join(' ')),
    description: analyze(entry.description, descriptionTextLimit),
    schema: analyze(schemaText(properties, 0)),
    output: entry.outputSchema ? analyze(schemaText(objectProperties(entry.outputSchema), 1)) : [],
  };
}

/**
 * The numbers (`numbering`) of `toolFieldTerms(entry)`, numbered field by
 * field in the order of the fields, as a build numbers its tools' terms: each
 * text is analyzed and numbered at once, and a text tools share once (`cache`).
 */
export function toolFieldNumbers(
  entry: CatalogEntry,
  numbering: TextTermNumbering,
  cache: FieldNumbersCache,
): Record<ToolField, readonly number[]> {
  const properties = objectProperties(entry.parameters);
  const own = (text: string, limit = fieldTextLimit) => {
    const numbers: number[] = [];
    numbering.append(text.slice(0, limit), numbers);
    return numbers;
  };
  // A tool's name and aliases are its own, and so is a text longer than its limit (a manual):
  // its cut would be a new string to hash for every tool.
  const shared = (text: string, limit = fieldTextLimit) => {
    if (text.length > limit) return own(text, limit);
    let numbers = cache.get(text);
    if (numbers === undefined) {
      numbers = own(text);
      cache.set(text, numbers);
    }
    return numbers;
  };
  // Numbered in the order of the fields, as `toolFieldTerms` lists them.
  const name = own(entry.localName);
  const alias = own(
    aliasText(entry, () => [
      ...analyzeText(entry.localName.slice(0, fieldTextLimit)),
      ...analyzeText(entry.namespace.slice(0, fieldTextLimit)),
    ]),
  );
  return {
    name,
    alias,
    namespace: shared(entry.namespace),
    service: shared(entry.namespaceDescription ?? ''),
    parameter: shared(Object.keys(properties).join(' ')),
    description: shared(entry.description, descriptionTextLimit),
    schema: shared(schemaText(properties, 0)),
    output: entry.outputSchema ? shared(schemaText(objectProperties(entry.outputSchema), 1)) : [],
  };
}

/**
 * The term numbers of each text numbered for the tools of one index, by text, shared by the
 * tools (never changed): catalogs repeat parameter lists, schemas and descriptions (a service's
 * tools share their namespace and its description; 1,000 tools of the public benchmarks have 323
 * parameter lists and 399 schemas).
 */
export type FieldNumbersCache = Map<string, readonly number[]>;

/** The text of the alias field: the aliases that say more than `ownTerms` (name and namespace), and the tags. */
function aliasText(entry: CatalogEntry, ownTerms: () => readonly string[]): string {
  return [...newAliases(entry, ownTerms), ...entry.tags].join(' ');
}

/**
 * The most characters of any other field's text that are indexed: about 300 words, above the
 * schema and service text of every tool of the public benchmarks.
 */
const fieldTextLimit = 2_048;

/**
 * The most characters of a description that are indexed: about 150 words, above every tool of the
 * public benchmarks but one (1,109 characters), which says what it does well before. A manual
 * pasted into an MCP tool's description then costs its index a fixed amount: 1,000 tools with
 * 64 KB descriptions build in under 3 times the time of ordinary ones.
 */
const descriptionTextLimit = 1_024;

/**
 * The aliases that say more than the tool's own name and namespace. One made of
 * their words only (`IMDb / actors/get-all-filmography` for IMDb's
 * `actors_get-all-filmography`) is the name written another way: indexed again,
 * it would count those words a second and third time, and rank a tool whose
 * service shares a word of a long request above tools matching more of it.
 */
function newAliases(entry: CatalogEntry, ownTerms: () => readonly string[]): string[] {
  if (entry.aliases.length === 0) return [];
  const own = new Set(ownTerms());
  return entry.aliases.filter((alias) => !analyzeText(alias).every((term) => own.has(term)));
}

/** Property descriptions and nested property names and descriptions, a few levels deep. */
function schemaText(properties: Record<string, JSONSchema7Definition>, depth: number): string {
  const parts: string[] = [];
  appendSchemaParts(properties, depth, parts);
  return parts.join(' ');
}

/**
 * Appends the parts of `schemaText(properties, depth)` to `parts`: a nested
 * schema's parts go in their place rather than joined first (the same text,
 * without a string and an array per property), one empty part where it has none.
 */
function appendSchemaParts(
  properties: Record<string, JSONSchema7Definition>,
  depth: number,
  parts: string[],
): void {
  if (depth > 4) return;
  const child = (schema: unknown) => {
    if (typeof schema === 'object' && schema !== null) {
      const start = parts.length;
      appendSchemaParts(objectProperties(schema as JSONSchema7), depth + 1, parts);
      if (parts.length === start) parts.push('');
    }
  };
  for (const name of Object.keys(properties)) {
    const definition = properties[name];
    if (typeof definition !== 'object') continue;
    if (depth > 0) parts.push(name);
    if (typeof definition.description === 'string') parts.push(definition.description);
    if (typeof definition.title === 'string') parts.push(definition.title);
    if (Array.isArray(definition.enum))
      parts.push(definition.enum.filter((value: unknown) => typeof value === 'string').join(' '));
    // A string format (email, date-time, uri) and a free-form map say what a value is.
    if (typeof definition.format === 'string') parts.push(definition.format);
    if (typeof definition.additionalProperties === 'object')
      parts.push('additional properties map');
    // The definition itself, then its items, then its alternatives.
    child(definition);
    if (definition.items !== undefined) {
      if (Array.isArray(definition.items)) for (const item of definition.items) child(item);
      else child(definition.items);
    }
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      for (const alternative of definition[key] ?? []) child(alternative);
    }
  }
}

function objectProperties(schema: JSONSchema7): Record<string, JSONSchema7Definition> {
  // Any JSON Schema plain ai accepts is indexed, `properties: null` or a boolean schema included.
  return schema !== null &&
    typeof schema === 'object' &&
    schema.properties != null &&
    typeof schema.properties === 'object'
    ? schema.properties
    : noProperties;
}

const noProperties: Record<string, JSONSchema7Definition> = Object.freeze({});
