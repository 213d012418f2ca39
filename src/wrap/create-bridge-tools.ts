import { type JSONSchema7, jsonSchema, type Schema, type Tool, tool } from 'ai';
import { parseToolArguments } from '../bridge/parse-tool-arguments.js';
import { runToolDescribe } from '../bridge/run-tool-describe.js';
import {
  runToolSearch,
  searchableEntries,
  TOOL_SEARCH_MAX_QUERY_BYTES,
} from '../bridge/run-tool-search.js';
import type { ToolDisclosureCache } from '../cache/tool-disclosure-cache.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import type { TokenCounter } from '../disclosure/estimate-tokens.js';
import { HEADER_BUDGET_LIMITS } from '../disclosure/header-budget.js';
import { renderToolSearchDescription } from '../disclosure/render-tool-search-description.js';
import { ToolBridgeError } from '../error/tool-bridge-error.js';
import { getSearchIndex } from '../search/get-search-index.js';
import type { Ranker } from '../search/ranker.js';
import { truncateUtf8 } from '../util/truncate-utf8.js';
import type { CallResolver } from './create-call-resolver.js';
import type { RefusedCalls } from './create-refused-calls.js';
import type { EmitEvent } from './tool-disclosure-event.js';

/** The three bridge tools, keyed by their names. */
export interface BridgeTools {
  readonly tool_search: Tool;
  readonly tool_describe: Tool;
  readonly tool_call: Tool;
}

export interface CreateBridgeToolsOptions {
  /** A deferred disclosure; its advertised bridge definitions are used byte for byte. */
  disclosure: Disclosure;
  /** The call's resolver (`createCallResolver`): the only place names are resolved. */
  resolver: CallResolver;
  /** The reach of the step being run, as wire names; undefined when the app narrows nothing. */
  reach: () => readonly string[] | undefined;
  /** Ranks `tool_search` results. */
  ranker: Ranker;
  /** Where the search index is kept. @default the shared cache */
  cache?: ToolDisclosureCache | undefined;
  /** Told of searches, descriptions, calls and index builds. @default nothing */
  emit?: EmitEvent | undefined;
  /**
   * The disclosure's token counter, which also sizes a `tool_search`
   * description narrowed to a step's reach. A disclosure built with a custom
   * counter is its request's own, so its bridge content is too.
   * @default estimateTokens
   */
  countTokens?: TokenCounter | undefined;
  /** Calls answered with an error decided before `ai` parsed them. @default none */
  refused?: RefusedCalls | undefined;
}

/** Every bridge tool made here, so settings that hold one are known to be wrapped already. */
const bridgeTools = new WeakSet<object>();

/** True for a `tool_search`, `tool_describe` or `tool_call` that `createBridgeTools` made. */
export function isBridgeTool(value: unknown): boolean {
  return typeof value === 'object' && value !== null && bridgeTools.has(value);
}

/** How many distinct step reaches one disclosure keeps a `tool_search` description for. */
const DESCRIPTIONS_PER_DISCLOSURE = 16;

/**
 * Builds `tool_search`, `tool_describe` and `tool_call` as AI SDK tools whose
 * names, descriptions and JSON schemas are exactly the disclosure's advertised
 * bridge definitions; in a step whose reach the app narrowed, `tool_search`
 * describes only the tools within it. Every name is resolved by `resolver`
 * within the step's reach. Failures are thrown as an `Error` whose message is
 * `JSON.stringify(ToolBridgeError.toJSON())`, so the SDK records a tool error
 * and the model still reads the `kind` and details.
 *
 * `tool_call` never runs a tool: the middleware hands `ai` every call it can
 * resolve as a call of the real tool, which `ai` then approves and runs. What
 * reaches `tool_call` is a call it answers with a typed error: a name the step
 * cannot reach (`unknown_tool`), arguments past the bounds or input that was
 * not JSON (`invalid_arguments`), or, from a repair or a stored history, a
 * call that did not pass through the middleware (`execution_failed`, asking
 * for the call again). So there is one way a tool runs, and it is `ai`'s.
 *
 * @example
 * const bridges = createBridgeTools({ disclosure, resolver, reach: () => undefined, ranker: createOramaRanker() });
 */
export function createBridgeTools({
  disclosure,
  resolver,
  reach,
  ranker,
  cache,
  emit,
  countTokens,
  refused,
}: CreateBridgeToolsOptions): BridgeTools {
  const onIndexBuilt =
    emit === undefined
      ? undefined
      : (tools: number, ms: number) => emit({ type: 'cache-rebuild', what: 'index', tools, ms });
  const { definitions, describeSearch } = bridgeContent(disclosure, countTokens);
  const definition = (name: keyof BridgeTools) => definitions[name];
  const searchDefinition = definition('tool_search');
  const answerRefused = (toolCallId: unknown) => {
    const refusal = refused?.take(toolCallId);
    if (refusal !== undefined) throw refusal;
  };

  const tool_search = tool({
    ...searchDefinition,
    description: () => describeSearch(reach()),
    execute: async (input: unknown, { toolCallId }) => {
      const { query, limit } = (input ?? {}) as { query?: unknown; limit?: unknown };
      const started = now();
      return reportingBridgeErrors(async () => {
        try {
          answerRefused(toolCallId);
          const searchable = searchableEntries(disclosure);
          const index = await getSearchIndex(
            disclosure.authorized,
            ranker,
            searchable,
            cache,
            onIndexBuilt,
          );
          const stepReach = reach();
          const response = await runToolSearch({
            disclosure,
            index:
              stepReach === undefined
                ? index
                : {
                    // Ranked over every searchable tool, as without a limit, then narrowed.
                    search: async (text, count) =>
                      (await index.search(text, searchable.length))
                        .filter(({ entry }) => stepReach.includes(entry.wireName))
                        .slice(0, count),
                  },
            query: query as string,
            limit: limit as number | undefined,
          });
          emit?.({
            type: 'search',
            query: response.query,
            results: response.results.length,
            empty: response.results.length === 0,
            ms: now() - started,
          });
          return response;
        } catch (error) {
          emit?.({
            type: 'search',
            // A query over the bound is reported cut to it: events and spans stay as bounded as searches.
            query:
              typeof query === 'string'
                ? truncateUtf8(query.trim(), TOOL_SEARCH_MAX_QUERY_BYTES)
                : undefined,
            results: 0,
            empty: true,
            ms: now() - started,
            ...(ToolBridgeError.isInstance(error) ? { error: error.kind } : {}),
          });
          throw error;
        }
      });
    },
  });

  const tool_describe = tool({
    ...definition('tool_describe'),
    execute: async (input: unknown, { toolCallId }) =>
      reportingBridgeErrors(async () => {
        try {
          answerRefused(toolCallId);
          const response = runToolDescribe({
            disclosure,
            resolver: resolver.forStep(reach()),
            name: (input as { name?: unknown } | null)?.name,
          });
          emit?.({ type: 'describe', tool: response.name, outcome: 'described' });
          return response;
        } catch (error) {
          if (ToolBridgeError.isInstance(error)) {
            emit?.({ type: 'describe', tool: undefined, outcome: error.kind });
          }
          throw error;
        }
      }),
  });

  const tool_call = tool({
    ...definition('tool_call'),
    execute: async (input: unknown, { toolCallId }): Promise<unknown> => {
      const started = now();
      let tool: string | undefined;
      try {
        return await reportingBridgeErrors(async () => {
          answerRefused(toolCallId);
          const { name, arguments: args } = (input ?? {}) as {
            name?: unknown;
            arguments?: unknown;
          };
          const entry = resolver.resolve(name, reach());
          tool = entry.wireName;
          parseToolArguments(entry, args);
          throw notRun(entry);
        });
      } catch (error) {
        const cause = (error as { cause?: unknown } | null)?.cause;
        const kind = ToolBridgeError.isInstance(cause) ? cause.kind : 'execution_failed';
        // Only a name the call's resolver knows is reported: never a denied or made-up one.
        emit?.({ type: 'call', tool, outcome: kind, ms: now() - started });
        throw error;
      }
    },
  });

  for (const bridge of [tool_search, tool_describe, tool_call]) bridgeTools.add(bridge);
  return Object.freeze({ tool_search, tool_describe, tool_call });
}

/** What the bridges of every request of one disclosure share: definitions and search descriptions. */
interface BridgeContent {
  readonly definitions: Readonly<
    Record<keyof BridgeTools, { readonly description: string; readonly inputSchema: Schema }>
  >;
  readonly describeSearch: (reach: readonly string[] | undefined) => string;
}

const bridgeContents = new WeakMap<Disclosure, BridgeContent>();

function bridgeContent(
  disclosure: Disclosure,
  countTokens: TokenCounter | undefined,
): BridgeContent {
  let content = bridgeContents.get(disclosure);
  if (content === undefined) {
    const definitionOf = (name: keyof BridgeTools) => {
      const found = disclosure.advertised.find(
        (advertised) => advertised.entry === undefined && advertised.name === name,
      );
      if (found === undefined) throw new Error(`The disclosure advertises no ${name} bridge.`);
      return {
        description: found.description,
        inputSchema: jsonSchema(found.parameters as JSONSchema7),
      };
    };
    const definitions = {
      tool_search: definitionOf('tool_search'),
      tool_describe: definitionOf('tool_describe'),
      tool_call: definitionOf('tool_call'),
    };
    content = {
      definitions,
      describeSearch: createSearchDescriptions(
        disclosure,
        definitions.tool_search.description,
        countTokens,
      ),
    };
    bridgeContents.set(disclosure, content);
  }
  return content;
}

/**
 * The `tool_search` description for a step's reach: the advertised one, byte
 * for byte, when the step does not narrow the reach; otherwise the same
 * rendering over the discoverable tools within it, so the description never
 * names a tool the step cannot reach.
 */
function createSearchDescriptions(
  disclosure: Disclosure,
  advertised: string,
  countTokens: TokenCounter | undefined,
) {
  const descriptions = new Map<string, string>();
  return (reach: readonly string[] | undefined): string => {
    if (reach === undefined) return advertised;
    const key = JSON.stringify([...new Set(reach)].sort());
    let description = descriptions.get(key);
    if (description === undefined) {
      const within = new Set(reach);
      description = renderToolSearchDescription(
        disclosure.mode,
        disclosure.discoverable.filter((entry) => within.has(entry.wireName)),
        disclosure.authorized.namespaces,
        countTokens,
        HEADER_BUDGET_LIMITS[disclosure.headerBudget],
      );
      if (descriptions.size >= DESCRIPTIONS_PER_DISCLOSURE) {
        descriptions.delete(descriptions.keys().next().value as string);
      }
      descriptions.set(key, description);
    }
    return description;
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

function now(): number {
  return globalThis.performance?.now() ?? Date.now();
}

/** The answer to a call that reached `tool_call` past the middleware: nothing ran, call again. */
function notRun(entry: CatalogEntry): ToolBridgeError {
  return new ToolBridgeError({
    kind: 'execution_failed',
    message: `${entry.wireName} did not run: call it again, through tool_call or directly by its name.`,
    details: { tool: entry.wireName },
  });
}
