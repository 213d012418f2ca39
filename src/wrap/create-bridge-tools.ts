import { type JSONSchema7, type JSONValue, jsonSchema, type Tool, tool } from 'ai';
import { createToolResolver, type ToolResolver } from '../bridge/resolve-tool-name.js';
import { runToolCall } from '../bridge/run-tool-call.js';
import { runToolDescribe } from '../bridge/run-tool-describe.js';
import { runToolSearch, searchableEntries } from '../bridge/run-tool-search.js';
import { ToolBridgeError } from '../bridge/tool-bridge-error.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import { getSearchIndex } from '../search/get-search-index.js';
import type { Ranker } from '../search/ranker.js';
import { parseArgumentsLeniently } from './parse-arguments-leniently.js';
import { tryResolveTool } from './try-resolve-tool.js';

/** The three bridge tools, keyed by their names. */
export interface BridgeTools {
  readonly tool_search: Tool;
  readonly tool_describe: Tool;
  readonly tool_call: Tool;
}

/**
 * What `tool_call` receives as its `context`: the run's tools contexts by wire
 * name, and the wire names the step may reach when the user's `activeTools`
 * limits them (`tool_search` and `tool_describe` receive `reach` too).
 */
export interface ToolCallContext {
  readonly toolsContext?: Readonly<Record<string, unknown>>;
  readonly reach?: readonly string[];
}

export interface CreateBridgeToolsOptions {
  /** A deferred disclosure; its advertised bridge definitions are used byte for byte. */
  disclosure: Disclosure;
  /** A resolver over `disclosure.authorized.entries`. */
  resolver: ToolResolver;
  /** Ranks `tool_search` results. */
  ranker: Ranker;
  /** Per-call timeout of tools run through `tool_call`, in milliseconds. @default no timeout */
  timeoutMs?: number | undefined;
}

/**
 * Builds `tool_search`, `tool_describe` and `tool_call` as AI SDK tools whose
 * names, descriptions and JSON schemas are exactly the disclosure's advertised
 * bridge definitions. Failures are thrown as an `Error` whose message is
 * `JSON.stringify(ToolBridgeError.toJSON())`, so the SDK records a tool error
 * and the model still reads the `kind` and details.
 *
 * @example
 * const bridges = createBridgeTools({ disclosure, resolver, ranker: RANKERS.default() });
 * const tools = { ...authorizedToolsByWireName, ...bridges };
 */
export function createBridgeTools({
  disclosure,
  resolver,
  ranker,
  timeoutMs,
}: CreateBridgeToolsOptions): BridgeTools {
  const definition = (name: string) => {
    const found = disclosure.advertised.find(
      (tool) => tool.entry === undefined && tool.name === name,
    );
    if (found === undefined) throw new Error(`The disclosure advertises no ${name} bridge.`);
    return {
      description: found.description,
      inputSchema: jsonSchema(found.parameters as JSONSchema7),
    };
  };

  const reachable = createReachable(disclosure, resolver);

  const tool_search = tool({
    ...definition('tool_search'),
    execute: async (input: unknown, { context }) => {
      const { query, limit } = (input ?? {}) as { query?: unknown; limit?: unknown };
      return reportingBridgeErrors(async () => {
        const searchable = searchableEntries(disclosure);
        const index = await getSearchIndex(disclosure.authorized, ranker, searchable);
        const { names } = reachable(ownValue(context, 'reach'));
        return runToolSearch({
          disclosure,
          index:
            names === undefined
              ? index
              : {
                  // Ranked over every searchable tool, as without a limit, then narrowed.
                  search: async (text, count) =>
                    (await index.search(text, searchable.length))
                      .filter(({ entry }) => names.has(entry.wireName))
                      .slice(0, count),
                },
          query: query as string,
          limit: limit as number | undefined,
        });
      });
    },
  });

  const tool_describe = tool({
    ...definition('tool_describe'),
    execute: async (input: unknown, { context }) =>
      reportingBridgeErrors(async () =>
        runToolDescribe({
          disclosure,
          resolver: reachable(ownValue(context, 'reach')).resolver,
          name: (input as { name?: unknown } | null)?.name,
        }),
      ),
  });

  const tool_call = tool({
    ...definition('tool_call'),
    execute: (input: unknown, { context, ...options }) => {
      const { name, arguments: args } = (input ?? {}) as { name?: unknown; arguments?: unknown };
      const toolsContext = ownValue(context, 'toolsContext') as Record<string, unknown> | undefined;
      const output = runToolCall({
        resolver: reachable(ownValue(context, 'reach')).resolver,
        name,
        arguments: args,
        options,
        toolsContext,
        timeoutMs,
      });
      return isAsyncIterable(output)
        ? reportingStreamErrors(output)
        : reportingBridgeErrors(() => output);
    },
    toModelOutput: async ({ toolCallId, input, output }) => {
      const { name, arguments: args } = (input ?? {}) as { name?: unknown; arguments?: unknown };
      const real = tryResolveTool(resolver, name)?.tool;
      if (real?.toModelOutput !== undefined) {
        return real.toModelOutput({ toolCallId, input: parseArgumentsLeniently(args), output });
      }
      return typeof output === 'string'
        ? { type: 'text', value: output }
        : { type: 'json', value: toJsonValue(output) };
    },
  });

  return Object.freeze({ tool_search, tool_describe, tool_call });
}

/** How many distinct `reach` lists one set of bridges keeps a resolver for. */
const REACHES_PER_BRIDGES = 16;

/**
 * The resolver (and wire names) a step's `reach` allows: a tool outside it is
 * unknown, with the same answer as a tool that never existed. Without a reach
 * (no user `activeTools`), every authorized tool.
 */
function createReachable(disclosure: Disclosure, resolver: ToolResolver) {
  const cache = new Map<string, { resolver: ToolResolver; names: ReadonlySet<string> }>();
  return (reach: unknown): { resolver: ToolResolver; names: ReadonlySet<string> | undefined } => {
    if (!Array.isArray(reach)) return { resolver, names: undefined };
    const names = new Set(reach.filter((name): name is string => typeof name === 'string'));
    const key = JSON.stringify([...names].sort());
    let found = cache.get(key);
    if (found === undefined) {
      const entries = disclosure.authorized.entries.filter((entry) => names.has(entry.wireName));
      found = { resolver: createToolResolver(entries), names };
      if (cache.size >= REACHES_PER_BRIDGES) cache.delete(cache.keys().next().value as string);
      cache.set(key, found);
    }
    return found;
  };
}

/** Rethrows a `ToolBridgeError` as an `Error` whose message is its JSON. */
function asModelError(error: unknown): unknown {
  if (!ToolBridgeError.isInstance(error)) return error;
  return new Error(JSON.stringify(error.toJSON()), { cause: error });
}

async function reportingBridgeErrors<VALUE>(work: () => PromiseLike<VALUE>): Promise<VALUE> {
  try {
    return await work();
  } catch (error) {
    throw asModelError(error);
  }
}

async function* reportingStreamErrors(stream: AsyncIterable<unknown>): AsyncGenerator<unknown> {
  try {
    yield* stream;
  } catch (error) {
    throw asModelError(error);
  }
}

function ownValue(record: unknown, key: string): unknown {
  return record != null && typeof record === 'object' && Object.hasOwn(record, key)
    ? (record as Record<string, unknown>)[key]
    : undefined;
}

function toJsonValue(value: unknown): JSONValue {
  if (value === undefined) return null;
  const serialized = JSON.stringify(value);
  return serialized === undefined ? null : (JSON.parse(serialized) as JSONValue);
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    value != null &&
    typeof value === 'object' &&
    typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function'
  );
}
