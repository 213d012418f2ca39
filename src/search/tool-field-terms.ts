import type { JSONSchema7 } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { keepHiddenClass } from '../util/keep-hidden-class.js';
import { analyzeText } from './analyze-text.js';
import {
  createFieldTermNumbering,
  type FieldTermNumbering,
} from './create-field-term-numbering.js';
import { createTextTermNumbering, type TextTermNumbering } from './create-text-term-numbering.js';
import { RANKING_PARAMETERS } from './ranking-parameters.js';

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

/** Numbers tools' fields, one tool after another (`createToolFieldNumbering`). */
export interface ToolFieldNumbering {
  /** Numbers the next tool's fields and ends its document. */
  add(entry: CatalogEntry): void;
}

/**
 * Numbers tools' fields into `numbering`, one tool after another, as numbering
 * `toolFieldTerms(entry)` field by field in the order of the fields would: each
 * text is analyzed and numbered at once (`createTextTermNumbering`), a text tools
 * share once, and the numbers written where they go, with no list per field and
 * tool.
 *
 * @example
 * const numbering = createFieldTermNumbering(TOOL_FIELDS.length);
 * const tools = createToolFieldNumbering(numbering);
 * for (const entry of entries) tools.add(entry);
 */
export function createToolFieldNumbering(numbering: FieldTermNumbering): ToolFieldNumbering {
  return new SharedTextToolFieldNumbering(numbering);
}

/**
 * Methods, not closures made per build: a closure's optimized code goes with
 * the last closure at a full collection, so every build after one numbered its
 * tools unoptimized until V8 compiled them again.
 */
class SharedTextToolFieldNumbering implements ToolFieldNumbering {
  readonly #numbering: FieldTermNumbering;
  readonly #texts: TextTermNumbering;
  // The numbers of each text numbered for these tools, by text: catalogs repeat parameter lists,
  // schemas and descriptions (a service's tools share their namespace and its description; 1,000
  // tools of the public benchmarks have 323 parameter lists and 399 schemas).
  readonly #numberedTexts = new Map<string, Int32Array>();
  // One text's numbers, written over by the next text's.
  readonly #numbers: number[] = [];

  constructor(numbering: FieldTermNumbering) {
    this.#numbering = numbering;
    this.#texts = createTextTermNumbering(numbering);
  }

  add(entry: CatalogEntry): void {
    const properties = objectProperties(entry.parameters);
    // Numbered in the order of the fields, as `toolFieldTerms` lists them.
    this.#own(nameField, entry.localName);
    this.#own(
      aliasField,
      aliasText(entry, () => [
        ...analyzeText(entry.localName.slice(0, fieldTextLimit)),
        ...analyzeText(entry.namespace.slice(0, fieldTextLimit)),
      ]),
    );
    this.#shared(namespaceField, entry.namespace);
    this.#shared(serviceField, entry.namespaceDescription ?? '');
    this.#shared(parameterField, Object.keys(properties).join(' '));
    this.#shared(descriptionField, entry.description, descriptionTextLimit);
    this.#shared(schemaField, schemaText(properties, 0));
    if (entry.outputSchema) {
      this.#shared(outputField, schemaText(objectProperties(entry.outputSchema), 1));
    }
    this.#numbering.endDocument();
  }

  #own(field: number, text: string, limit = fieldTextLimit): void {
    if (text.length === 0) return;
    const count = this.#texts.append(text.slice(0, limit), this.#numbers, 0);
    this.#numbering.appendNumbers(field, this.#numbers, count);
  }

  // A tool's name and aliases are its own, and so is a text longer than its limit (a manual):
  // its cut would be a new string to hash for every tool.
  #shared(field: number, text: string, limit = fieldTextLimit): void {
    if (text.length > limit) {
      this.#own(field, text, limit);
      return;
    }
    if (text.length === 0) return;
    let found = this.#numberedTexts.get(text);
    if (found === undefined) {
      const numbers = this.#numbers;
      const end = this.#texts.append(text, numbers, 0);
      found = new Int32Array(end);
      for (let index = 0; index < end; index++) found[index] = numbers[index] as number;
      this.#numberedTexts.set(text, found);
    }
    this.#numbering.appendNumbers(field, found);
  }
}

keepHiddenClass(new SharedTextToolFieldNumbering(createFieldTermNumbering(0)));

const nameField = TOOL_FIELDS.indexOf('name');
const aliasField = TOOL_FIELDS.indexOf('alias');
const namespaceField = TOOL_FIELDS.indexOf('namespace');
const serviceField = TOOL_FIELDS.indexOf('service');
const parameterField = TOOL_FIELDS.indexOf('parameter');
const descriptionField = TOOL_FIELDS.indexOf('description');
const schemaField = TOOL_FIELDS.indexOf('schema');
const outputField = TOOL_FIELDS.indexOf('output');

/** The text of the alias field: the aliases that say more than `ownTerms` (name and namespace), and the tags. */
function aliasText(entry: CatalogEntry, ownTerms: () => readonly string[]): string {
  // Most tools have neither: no list made to join.
  if (entry.aliases.length === 0 && entry.tags.length === 0) return '';
  return [...newAliases(entry, ownTerms), ...entry.tags].join(' ');
}

/** The most characters of any other field's text that are indexed (`RANKING_PARAMETERS.indexBounds`). */
const fieldTextLimit = RANKING_PARAMETERS.indexBounds.fieldTextLimit;

/** The most characters of a description that are indexed (`RANKING_PARAMETERS.indexBounds`). */
const descriptionTextLimit = RANKING_PARAMETERS.indexBounds.descriptionTextLimit;

/** The levels of nested properties indexed below the top level (`RANKING_PARAMETERS.indexBounds`). */
const schemaDepth = RANKING_PARAMETERS.indexBounds.schemaDepth;

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
 * A schema's keywords are those its JSON has (own enumerable properties), as the
 * catalog's content digest reads them, each read in one pass over its keys:
 * reading every keyword by name, most of them absent, was most of the time
 * building a catalog's schema texts took.
 */
function appendSchemaParts(
  properties: Record<string, JSONSchema7Definition>,
  depth: number,
  parts: string[],
): void {
  if (depth > schemaDepth) return;
  for (const name in properties) {
    if (!Object.hasOwn(properties, name)) continue;
    const definition: unknown = properties[name];
    if (typeof definition !== 'object' || definition === null) continue;
    if (depth > 0) parts.push(name);
    let description: unknown;
    let title: unknown;
    let values: unknown;
    let format: unknown;
    let additionalProperties: unknown;
    let nested: unknown;
    let items: unknown;
    let anyOf: unknown;
    let oneOf: unknown;
    let allOf: unknown;
    for (const key in definition) {
      if (!Object.hasOwn(definition, key)) continue;
      const value = (definition as Record<string, unknown>)[key];
      switch (key) {
        case 'description':
          description = value;
          break;
        case 'title':
          title = value;
          break;
        case 'enum':
          values = value;
          break;
        case 'format':
          format = value;
          break;
        case 'additionalProperties':
          additionalProperties = value;
          break;
        case 'properties':
          nested = value;
          break;
        case 'items':
          items = value;
          break;
        case 'anyOf':
          anyOf = value;
          break;
        case 'oneOf':
          oneOf = value;
          break;
        case 'allOf':
          allOf = value;
      }
    }
    if (typeof description === 'string') parts.push(description);
    if (typeof title === 'string') parts.push(title);
    if (Array.isArray(values))
      parts.push(values.filter((value: unknown) => typeof value === 'string').join(' '));
    // A string format (email, date-time, uri) and a free-form map say what a value is.
    if (typeof format === 'string') parts.push(format);
    if (typeof additionalProperties === 'object') parts.push('additional properties map');
    // The definition itself, then its items, then its alternatives.
    appendChildParts(nested, depth, parts);
    if (Array.isArray(items)) appendEachSchema(items, depth, parts);
    else if (items !== undefined) appendSchemaOf(items, depth, parts);
    appendEachSchema(anyOf, depth, parts);
    appendEachSchema(oneOf, depth, parts);
    appendEachSchema(allOf, depth, parts);
  }
}

/** Appends the parts of each schema of a list of alternatives (`anyOf`, `oneOf`, `allOf`). */
function appendEachSchema(schemas: unknown, depth: number, parts: string[]): void {
  if (!Array.isArray(schemas)) return;
  for (const schema of schemas) appendSchemaOf(schema, depth, parts);
}

/** Appends the parts of a nested schema's own `properties` (`appendChildParts`); none of a non-object. */
function appendSchemaOf(schema: unknown, depth: number, parts: string[]): void {
  if (typeof schema !== 'object' || schema === null) return;
  appendChildParts(
    Object.hasOwn(schema, 'properties')
      ? (schema as { properties: unknown }).properties
      : undefined,
    depth,
    parts,
  );
}

/** Appends the parts of a nested schema's `properties`, or one empty part where they have none. */
function appendChildParts(properties: unknown, depth: number, parts: string[]): void {
  const start = parts.length;
  if (typeof properties === 'object' && properties !== null) {
    appendSchemaParts(properties as Record<string, JSONSchema7Definition>, depth + 1, parts);
  }
  if (parts.length === start) parts.push('');
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
