import type { JSONSchema7 } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import { effectField } from './effect-field.js';
import { requiredParameters } from './required-parameters.js';
import { createToolResolver, type ToolResolver } from './resolve-tool-name.js';
import type { ToolDescribeResponse } from './tool-describe-response.js';

export interface RunToolDescribeOptions {
  /** The run's disclosure: only its authorized tools may be described. */
  disclosure: Disclosure;
  /**
   * A resolver over `disclosure.authorized.entries` (never over a wider list:
   * its errors would name the extra tools), usually the one the run's
   * `tool_call` uses. @default one built once per authorized entry list
   */
  resolver?: ToolResolver | undefined;
  /** The name as the model sent it: any name form `resolver` accepts. */
  name: unknown;
}

/** Authorized entries by canonical id, per (frozen, never mutated) entry list. */
const authorizedMaps = new WeakMap<readonly CatalogEntry[], ReadonlyMap<string, CatalogEntry>>();
/** Resolvers over authorized entries, per (frozen, never mutated) entry list. */
const authorizedResolvers = new WeakMap<readonly CatalogEntry[], ToolResolver>();

/**
 * Runs `tool_describe`: resolves the name and returns the tool's wire
 * name, canonical id, description, sorted required names and complete schema,
 * never truncated and in every mode. Any authorized tool can be described,
 * advertised ones included.
 *
 * The resolved entry is checked again against `disclosure.authorized` by
 * canonical id: when a resolver over a wider list returns a tool outside it,
 * the name is resolved again over the authorized tools only, so a denied tool
 * fails exactly as a name that never existed. Every field comes from this
 * disclosure's own catalog.
 *
 * @throws ToolBridgeError `unknown_tool` for unknown, denied, ambiguous or bridge names.
 *
 * @example
 * const resolver = createToolResolver(disclosure.authorized.entries);
 * const response = runToolDescribe({ disclosure, resolver, name: 'github.create_issue' });
 * JSON.stringify(response); // what the model receives
 */
export function runToolDescribe({
  disclosure,
  resolver,
  name,
}: RunToolDescribeOptions): ToolDescribeResponse {
  const resolved = (resolver ?? authorizedResolver(disclosure)).resolve(name);
  // A tool this run may not see is resolved again over the authorized tools
  // only, which throws exactly what a never-existing name gets.
  const entry =
    authorizedById(disclosure).get(resolved.id) ?? authorizedResolver(disclosure).resolve(name);
  return {
    name: entry.wireName,
    capability_id: entry.id,
    description: entry.description,
    ...effectField(entry),
    required: requiredParameters(entry.parameters),
    // A copy, so no caller can mutate the catalog's schema through a response.
    parameters: JSON.parse(JSON.stringify(entry.parameters)) as JSONSchema7,
  };
}

function authorizedById(disclosure: Disclosure): ReadonlyMap<string, CatalogEntry> {
  const entries = disclosure.authorized.entries;
  let byId = authorizedMaps.get(entries);
  if (byId === undefined) {
    byId = new Map(entries.map((entry) => [entry.id, entry]));
    authorizedMaps.set(entries, byId);
  }
  return byId;
}

function authorizedResolver(disclosure: Disclosure): ToolResolver {
  const entries = disclosure.authorized.entries;
  let resolver = authorizedResolvers.get(entries);
  if (resolver === undefined) {
    resolver = createToolResolver(entries);
    authorizedResolvers.set(entries, resolver);
  }
  return resolver;
}
