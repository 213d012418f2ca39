import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { JSONSchema7 } from 'ai';
import { BRIDGE_TOOL_NAMES } from '../catalog/create-catalog.js';
import type { ToolDefinition } from '../catalog/tool-definition.js';
import type { EvalCorpus, EvalIntent, RelevanceGrade, SkippedEvalRows } from './eval-corpus.js';
import { InvalidEvalCorpusError } from './invalid-eval-corpus-error.js';

type JsonObject = Record<string, unknown>;
type JsonTypeName = Extract<JSONSchema7['type'], string>;

/** How strictly a corpus file is read. */
export interface ParseEvalCorpusOptions {
  /**
   * Refuse the whole corpus at its first invalid tool or query row, instead of
   * skipping the row and counting it in `skipped`. A file of the wrong shape is
   * refused either way. @default false
   */
  strict?: boolean;
}

const maxWireNameLength = 64;
const keptReasonCount = 10;

/** A tool or query row that is invalid on its own; the rest of the file may still be usable. */
class InvalidRowError extends Error {}

/** Rejects the row being parsed; the corpus is refused only in strict mode. */
function rejectRow(reason: string): never {
  throw new InvalidRowError(reason);
}

/** Stands for a judged tool whose row was skipped, so the judgment is dropped, not unknown. */
const skippedTool = Symbol('skipped tool');

/**
 * Reads a judged corpus file in the IronClaw or the unified benchmark format.
 * A missing file, malformed JSON or an unknown shape is an `InvalidEvalCorpusError`;
 * invalid tool and query rows are skipped (see `parseEvalCorpus`) unless `strict`.
 *
 * @example
 * const corpus = await loadEvalCorpus('corpus/judged-corpus.json');
 */
export async function loadEvalCorpus(
  path: string,
  name = basename(path, extname(path)),
  options: ParseEvalCorpusOptions = {},
): Promise<EvalCorpus> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InvalidEvalCorpusError({
      corpus: path,
      reason: code === 'ENOENT' ? 'no such file' : `cannot read the file (${code ?? error})`,
      problem: 'unreadable',
      cause: error,
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InvalidEvalCorpusError({
      corpus: path,
      reason: `not valid JSON (${(error as Error).message})`,
      problem: 'invalid-json',
      cause: error,
    });
  }
  return parseCorpus(data, name, path, options);
}

/**
 * Converts parsed corpus JSON to an `EvalCorpus`. Accepts the IronClaw format
 * (`tools` and `intents`, relevance keyed by tool name) and the unified format
 * of the shared benchmarks (`tools` with ids and `queries`, relevance keyed by
 * tool id). Unified tools get unique wire names and canonical ids derived from
 * their names; their parameters are converted to JSON Schema. Grades above 3
 * count as 3; grades of 0 or less are dropped.
 *
 * Real data sets have odd rows (a tool with an empty name), so an invalid tool
 * or query row is skipped and counted in `skipped`; judgments of skipped tools
 * are dropped, and a query left with none of its judged tools is skipped too.
 * With `strict` the first invalid row refuses the corpus instead. A file of the
 * wrong shape, or one whose every tool or query row is invalid, is always refused.
 *
 * @example
 * parseEvalCorpus({ tools: [{ name: 'time' }], intents: [{ class: 'exact_name', query: 'time', relevance: { time: 3 } }] }, 'tiny');
 */
export function parseEvalCorpus(
  data: unknown,
  name: string,
  options: ParseEvalCorpusOptions = {},
): EvalCorpus {
  return parseCorpus(data, name, name, options);
}

function parseCorpus(
  data: unknown,
  name: string,
  label: string,
  { strict = false }: ParseEvalCorpusOptions,
): EvalCorpus {
  const fail = (reason: string): never => {
    throw new InvalidEvalCorpusError({ corpus: label, reason });
  };
  if (!isObject(data)) return fail(`found ${describeValue(data)} instead of an object`);
  if (!Array.isArray(data.tools)) {
    const keys = Object.keys(data);
    const found =
      keys.length === 0
        ? 'it is an empty object'
        : `its keys are ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''}`;
    return fail(`"tools" must be an array, and this file has none (${found}): it is not a corpus`);
  }
  const skipped: SkippedEvalRows = { tools: 0, queries: 0, reasons: [] };
  /** Parses each row; an invalid one refuses the corpus in strict mode and is counted otherwise. */
  const parseRows = <ROW>(
    rows: readonly unknown[],
    kind: 'tools' | 'queries',
    parseRow: (row: unknown, index: number) => ROW,
  ): ROW[] => {
    const parsed: ROW[] = [];
    let firstReason: string | undefined;
    for (const [index, row] of rows.entries()) {
      try {
        parsed.push(parseRow(row, index));
      } catch (error) {
        if (!(error instanceof InvalidRowError)) throw error;
        if (strict) fail(error.message);
        firstReason ??= error.message;
        skipped[kind]++;
        if (skipped.reasons.length < keptReasonCount) skipped.reasons.push(error.message);
      }
    }
    if (parsed.length === 0 && firstReason !== undefined) {
      fail(
        `every ${kind === 'tools' ? 'tool' : 'query'} row is invalid (the first: ${firstReason})`,
      );
    }
    return parsed;
  };
  let corpus: Omit<EvalCorpus, 'skipped'>;
  if (Array.isArray(data.intents)) corpus = parseIronClaw(data, name, fail, parseRows);
  else if (Array.isArray(data.queries)) corpus = parseUnified(data, name, fail, parseRows);
  else return fail('it has neither an "intents" array (IronClaw format) nor a "queries" array');
  return { ...corpus, skipped };
}

type ParseRows = <ROW>(
  rows: readonly unknown[],
  kind: 'tools' | 'queries',
  parseRow: (row: unknown, index: number) => ROW,
) => ROW[];

function parseIronClaw(
  data: JsonObject,
  name: string,
  fail: (reason: string) => never,
  parseRows: ParseRows,
) {
  const names = new Set<string>();
  const tools = parseRows(data.tools as unknown[], 'tools', (tool, index): ToolDefinition => {
    if (!isObject(tool) || typeof tool.name !== 'string' || tool.name.trim() === '') {
      return rejectRow(`tools[${index}] must be an object with a non-empty string "name"`);
    }
    if (names.has(tool.name)) rejectRow(`two tools are named ${JSON.stringify(tool.name)}`);
    names.add(tool.name);
    return pickDefinition(tool as JsonObject & { name: string });
  });
  const intents = parseRows(data.intents as unknown[], 'queries', (intent, index): EvalIntent => {
    if (!isObject(intent)) return rejectRow(`intents[${index}] must be an object`);
    const id = idOf(intent.id, index);
    return {
      id,
      class: classOf(intent.class, `intents[${index}]`),
      query: queryOf(intent.query, `intents[${index}]`),
      relevance: relevanceOf(intent.relevance, `intents[${index}]`, (key) =>
        names.has(key) ? key : undefined,
      ),
    };
  });
  return { name, tools, namespaces: namespacesOf(data.namespaces, fail), intents };
}

function parseUnified(
  data: JsonObject,
  name: string,
  fail: (reason: string) => never,
  parseRows: ParseRows,
) {
  const corpusNamespace = toWireName(name) || 'eval';
  const wireNames = new Set<string>(BRIDGE_TOOL_NAMES);
  const capabilityIds = new Set<string>();
  const wireNameById = new Map<string, string>();
  const skippedIds = new Set<string>();
  const tools = parseRows(data.tools as unknown[], 'tools', (tool, index): ToolDefinition => {
    const where = `tools[${index}]`;
    if (!isObject(tool)) return rejectRow(`${where} must be an object`);
    if (typeof tool.id !== 'string' && typeof tool.id !== 'number') {
      return rejectRow(`${where} needs an "id" (a string or a number)`);
    }
    const id = String(tool.id);
    if (typeof tool.name !== 'string' || tool.name.trim() === '') {
      if (!wireNameById.has(id)) skippedIds.add(id);
      return rejectRow(`${where} needs a non-empty string "name"`);
    }
    if (wireNameById.has(id)) rejectRow(`two tools have the id ${JSON.stringify(id)}`);
    const originalName = tool.name.trim();
    const wireName = claimUnique(toWireName(originalName), id, wireNames);
    wireNameById.set(id, wireName);
    skippedIds.delete(id);

    const { namespace, local } = splitHumanName(originalName);
    const localName = toWireName(local) || toWireName(id) || 'tool';
    const capabilityId = claimUnique(
      localName,
      id,
      capabilityIds,
      `${toWireName(namespace) || corpusNamespace}.`,
    );
    const definition: ToolDefinition = {
      name: wireName,
      capability_id: capabilityId,
      parameters: toJsonSchema(tool.parameters),
    };
    if (typeof tool.description === 'string') definition.description = tool.description;
    const returns = tool.output_schema ?? tool.return_schema;
    if (isObject(returns)) definition.output_schema = sampleToSchema(returns);
    if (originalName !== wireName) definition.aliases = [originalName];
    if (typeof tool.category === 'string' && tool.category.trim() !== '') {
      definition.tags = [tool.category.trim()];
    }
    return definition;
  });
  const intents = parseRows(data.queries as unknown[], 'queries', (query, index): EvalIntent => {
    const where = `queries[${index}]`;
    if (!isObject(query)) return rejectRow(`${where} must be an object`);
    return {
      id: idOf(query.id, index),
      class: classOf(query.class, where),
      query: queryOf(query.query, where),
      relevance: relevanceOf(
        query.relevant,
        where,
        (key) => wireNameById.get(key) ?? (skippedIds.has(key) ? skippedTool : undefined),
      ),
    };
  });
  return { name, tools, namespaces: namespacesOf(data.namespaces, fail), intents };
}

function pickDefinition(tool: JsonObject & { name: string }): ToolDefinition {
  const definition: ToolDefinition = { name: tool.name };
  for (const field of [
    'capability_id',
    'namespace',
    'description',
    'parameters',
    'output_schema',
    'kind',
    'aliases',
    'tags',
  ] as const) {
    if (tool[field] !== undefined) Object.assign(definition, { [field]: tool[field] });
  }
  return definition;
}

function idOf(value: unknown, index: number): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : String(index);
}

function classOf(value: unknown, where: string): string {
  if (value === undefined) return 'default';
  if (typeof value !== 'string' || value.trim() === '') {
    return rejectRow(`${where}.class must be a non-empty string`);
  }
  return value.trim();
}

function queryOf(value: unknown, where: string): string {
  if (typeof value !== 'string') return rejectRow(`${where}.query must be a string`);
  return value;
}

/**
 * Grades keyed by the tools' wire names; `resolve` maps a key of the file to
 * one, to `skippedTool` (the judgment is dropped) or to undefined (the row is
 * rejected). A row whose positive judgments all name skipped tools is rejected.
 */
function relevanceOf(
  value: unknown,
  where: string,
  resolve: (key: string) => string | typeof skippedTool | undefined,
): Record<string, RelevanceGrade> {
  if (!isObject(value)) {
    return rejectRow(`${where} needs a relevance object mapping tools to grades 1 to 3`);
  }
  const grades: [string, RelevanceGrade][] = [];
  let droppedJudgments = 0;
  for (const [key, grade] of Object.entries(value)) {
    const wireName = resolve(key);
    if (wireName === undefined) rejectRow(`${where} judges an unknown tool ${JSON.stringify(key)}`);
    if (typeof grade !== 'number' || !Number.isInteger(grade)) {
      rejectRow(
        `${where} grades ${JSON.stringify(key)} with ${JSON.stringify(grade)}, not an integer`,
      );
    }
    if ((grade as number) <= 0) continue;
    if (wireName === skippedTool) droppedJudgments++;
    else grades.push([wireName as string, Math.min(3, grade as number) as RelevanceGrade]);
  }
  if (grades.length === 0 && droppedJudgments > 0) {
    rejectRow(`${where} judges only skipped tools`);
  }
  // fromEntries defines own properties, so a tool named "__proto__" stays a key.
  return Object.fromEntries(grades);
}

function namespacesOf(value: unknown, fail: (reason: string) => never): Record<string, string> {
  if (value === undefined) return {};
  if (!isObject(value)) return fail('"namespaces" must map namespace names to descriptions');
  return Object.fromEntries(
    Object.entries(value).map(([namespace, description]) => {
      const text = isObject(description) ? description.description : description;
      if (typeof text !== 'string') {
        fail(`the description of namespace ${JSON.stringify(namespace)} must be a string`);
      }
      return [namespace, text as string];
    }),
  );
}

/**
 * A name made a wire name: characters outside `[a-zA-Z0-9_-]` become `_`,
 * runs of `_` collapse, `_` is trimmed at both ends, and at most 64 characters stay.
 */
function toWireName(raw: string): string {
  return raw
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, maxWireNameLength)
    .replace(/_+$/, '');
}

/**
 * Claims `prefix + base` in `taken`; when it is empty or taken, appends `_<id>`
 * (and then a counter), shortening `base` so the name stays within 64 characters.
 */
function claimUnique(base: string, id: string, taken: Set<string>, prefix = ''): string {
  if (base !== '' && !taken.has(prefix + base)) {
    taken.add(prefix + base);
    return prefix + base;
  }
  const suffix = toWireName(id) || 'tool';
  for (let attempt = 1; ; attempt++) {
    const tail = (attempt === 1 ? suffix : `${suffix}_${attempt}`).slice(-maxWireNameLength);
    const head = base.slice(0, Math.max(0, maxWireNameLength - tail.length - 1)).replace(/_+$/, '');
    const candidate = prefix + (head ? `${head}_${tail}` : tail);
    if (!taken.has(candidate)) {
      taken.add(candidate);
      return candidate;
    }
  }
}

/** "Worldwide Recipes / Suggestions" → namespace "Worldwide Recipes", local "Suggestions". */
function splitHumanName(name: string): { namespace: string; local: string } {
  const separator = name.includes(' / ') ? ' / ' : '/';
  const index = name.indexOf(separator);
  if (index <= 0 || index + separator.length >= name.length) return { namespace: '', local: name };
  return { namespace: name.slice(0, index), local: name.slice(index + separator.length) };
}

/**
 * Converts a benchmark's parameter description to a JSON Schema object. Handles
 * JSON Schema itself, ToolLens `{required: [...], optional: [...]}`, lists of
 * `{name, type | schema.type, description}` (API-Bank) and maps of
 * `{param: {type, description}}` (APIGen, where "optional" in the type marks an
 * optional parameter). Anything else becomes an empty object schema.
 */
function toJsonSchema(parameters: unknown): JSONSchema7 {
  if (isObject(parameters) && parameters.type === 'object') return parameters as JSONSchema7;
  const fields: { name: string; spec: JsonObject; required: boolean }[] = [];
  if (
    isObject(parameters) &&
    Array.isArray(parameters.required) &&
    (parameters.optional === undefined || Array.isArray(parameters.optional))
  ) {
    for (const [list, required] of [
      [parameters.required, true],
      [parameters.optional ?? [], false],
    ] as const) {
      for (const item of list as unknown[]) {
        if (isObject(item) && typeof item.name === 'string') {
          fields.push({ name: item.name, spec: item, required });
        }
      }
    }
  } else if (Array.isArray(parameters)) {
    for (const item of parameters) {
      if (isObject(item) && typeof item.name === 'string') {
        fields.push({ name: item.name, spec: item, required: item.required !== false });
      }
    }
  } else if (isObject(parameters)) {
    for (const [name, item] of Object.entries(parameters)) {
      const spec: JsonObject = isObject(item) ? item : { type: item };
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
    const type = jsonTypeOf(isObject(spec.schema) ? spec.schema.type : spec.type);
    if (type !== undefined) property.type = type;
    if (typeof spec.description === 'string' && spec.description.trim() !== '') {
      property.description = spec.description;
    }
    properties.push([name, property]);
    if (isRequired && !required.includes(name)) required.push(name);
  }
  return { type: 'object', properties: Object.fromEntries(properties), required };
}

/** Maps a benchmark's type label (`str`, `STRING`, `List[int]`, `int, optional`) to a JSON type. */
/**
 * A JSON Schema from an example-shaped return description such as ToolLens'
 * `{"results": {"ingredients": ["list of str"]}}`: the property names are what
 * search can use; a value that already is a JSON Schema is kept.
 */
function sampleToSchema(value: JsonObject): JSONSchema7 {
  if (typeof value.type === 'string' || isObject(value.properties)) return value as JSONSchema7;
  const properties: Record<string, JSONSchema7> = {};
  for (const [name, sample] of Object.entries(value)) properties[name] = sampleValueSchema(sample);
  return { type: 'object', properties };
}

function sampleValueSchema(sample: unknown): JSONSchema7 {
  if (isObject(sample)) return sampleToSchema(sample);
  if (Array.isArray(sample)) {
    const [first] = sample;
    return first === undefined
      ? { type: 'array' }
      : { type: 'array', items: sampleValueSchema(first) };
  }
  const type = jsonTypeOf(sample);
  return type === undefined ? {} : { type };
}

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

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  return value === null ? 'null' : typeof value;
}
