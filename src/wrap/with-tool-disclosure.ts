import {
  type ModelMessage,
  NoSuchToolError,
  type OutputInterface,
  type Tool,
  type ToolApprovalStatus,
  type ToolCallRepairFunction,
  type ToolLoopAgentSettings,
  type ToolSet,
} from 'ai';
import type { ToolResolver } from '../bridge/resolve-tool-name.js';
import { createToolResolver } from '../bridge/resolve-tool-name.js';
import { validateToolInput } from '../bridge/validate-tool-input.js';
import type { Catalog } from '../catalog/catalog.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import {
  BRIDGE_TOOL_NAMES,
  createCatalog,
  createCatalogSync,
  type NamespaceDeclaration,
} from '../catalog/create-catalog.js';
import { type CreateDisclosureOptions, createDisclosure } from '../disclosure/create-disclosure.js';
import { definitionJson } from '../disclosure/definition-json.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import { MODE_ENVIRONMENT_VARIABLE } from '../disclosure/disclosure-mode.js';
import { estimateTokens, type TokenCounter } from '../disclosure/estimate-tokens.js';
import { PINS_ENVIRONMENT_VARIABLE } from '../disclosure/parse-profile-pins.js';
import type { Ranker } from '../search/ranker.js';
import { RANKERS } from '../search/rankers.js';
import { isRecord } from '../util/is-record.js';
import { trimToSize } from '../util/trim-to-size.js';
import { type BridgeTools, createBridgeTools } from './create-bridge-tools.js';
import { createStopConditions } from './create-stop-conditions.js';
import { parseArgumentsLeniently } from './parse-arguments-leniently.js';
import { tryResolveTool } from './try-resolve-tool.js';
import { typeApprovalDenials } from './type-approval-denials.js';
import { usedToolNames } from './used-tool-names.js';

/** Disclosure settings for `withToolDisclosure`, `generateText` and `streamText`. */
export interface ToolDisclosureOptions extends Omit<CreateDisclosureOptions, 'catalog'> {
  /** Names or globs on canonical ids of tools that are always advertised. @default [] */
  core?: readonly string[];
  /** More tools grouped by namespace (for example one entry per MCP client), and namespace descriptions. @default {} */
  namespaces?: Record<string, NamespaceDeclaration>;
  /** The namespace of tools for which nothing else names one. @default 'default' */
  defaultNamespace?: string;
  /** Ranks `tool_search` results. @default RANKERS.default() */
  ranker?: Ranker;
  /**
   * Advertise the tools the model has called in earlier steps of a run, after
   * the bridges and within the caps, so it can call them directly. This
   * changes the tool list between steps, which breaks provider prompt caches.
   * @default false
   */
  promote?: boolean;
  /** Per-call timeout of tools run through `tool_call` or called directly, in milliseconds. @default no timeout */
  timeoutMs?: number;
}

/** The `generateText` / `streamText` settings the wrapper reads and composes. */
export interface ToolDisclosureParams {
  model?: unknown;
  tools?: ToolSet;
  /** `ToolLoopAgent` settings only. */
  prepareCall?: unknown;
  activeTools?: readonly string[] | undefined;
  toolOrder?: readonly string[] | undefined;
  toolsContext?: unknown;
  toolApproval?: unknown;
  prepareStep?: unknown;
  stopWhen?: unknown;
  repairToolCall?: unknown;
  experimental_refineToolInput?: unknown;
}

/**
 * `ToolLoopAgent` settings. Matched first, so settings written inline in
 * `new ToolLoopAgent(...)` keep the agent's tool types in callbacks such as
 * `prepareCall`; `generateText` / `streamText` settings (with a prompt or
 * messages) take the generic form.
 */
type AgentSettings<
  CALL_OPTIONS,
  TOOLS extends ToolSet,
  RUNTIME_CONTEXT extends Record<string, unknown>,
  OUTPUT extends OutputInterface,
> = ToolLoopAgentSettings<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT> & {
  prompt?: never;
  messages?: never;
};

type Loose = Record<string, unknown>;
type RepairedToolCall = NonNullable<Awaited<ReturnType<ToolCallRepairFunction<ToolSet>>>>;
type AnyFunction = (...args: never[]) => unknown;

const bridgeNames: readonly string[] = BRIDGE_TOOL_NAMES;

/** How many catalogs (per core, default namespace and description context) one tools record keeps. */
const CATALOGS_PER_TOOL_SET = 8;
/** Catalogs per tools record (and the settings that shape it). */
const catalogCache = new WeakMap<ToolSet, Map<string, Catalog | Promise<Catalog>>>();
/** How many disclosures (per policy, mode, profile and caps) one catalog keeps. */
const DISCLOSURES_PER_CATALOG = 16;
/** Disclosures per catalog and serializable options. */
const disclosureCache = new WeakMap<Catalog, Map<string, Disclosure>>();
/** Resolvers and bridges per disclosure, ranker and timeout. */
const surfaceCache = new WeakMap<Disclosure, WeakMap<Ranker, Map<string, Surface>>>();
let defaultRanker: Ranker | undefined;

/** What a deferred request needs beyond the disclosure, built once per disclosure, ranker and timeout. */
interface Surface {
  readonly resolver: ToolResolver;
  readonly bridges: BridgeTools;
  /** Every authorized real tool by wire name, then the bridges: what `promote` can activate. */
  readonly tools: Readonly<Record<string, Tool>>;
  /**
   * The advertised real tools and the bridges only. Without `promote` the SDK needs no more:
   * a direct call of a deferred tool is repaired into `tool_call`, which runs the real tool
   * itself, and the SDK's per-step work (telemetry redaction among it) grows with `tools`.
   */
  readonly advertisedTools: Readonly<Record<string, Tool>>;
  readonly wireNameOf: (name: string) => string;
}

/**
 * Applies progressive tool disclosure to `generateText` / `streamText` (or
 * `ToolLoopAgent`) settings. Below the caps it returns `params` unchanged
 * (denied tools removed). Above them it returns settings whose `tools` hold
 * every authorized tool by wire name plus `tool_search`, `tool_describe` and
 * `tool_call`, with `activeTools` and `toolOrder` set to the advertised,
 * byte-stable surface; `repairToolCall` routes direct calls of deferred tools
 * through `tool_call`; `toolsContext`, `toolApproval` and
 * `experimental_refineToolInput` give bridged calls the real tool's context,
 * approval rule and name; `stopWhen` conditions see a bridged call as the real
 * tool's direct call. The user's own `activeTools`, `toolOrder`,
 * `prepareStep`, `repairToolCall`, `toolsContext`, `toolApproval` and refinements
 * keep taking effect.
 *
 * Catalogs are reused per `tools` record, disclosures per catalog and options,
 * and search indexes per catalog fingerprint, so warm calls do little work.
 * Tool schemas given as promises (`jsonSchema(promise)`) are awaited;
 * `withToolDisclosureSync` does the same work synchronously without them.
 *
 * @example
 * const result = await generateText(
 *   await withToolDisclosure(
 *     { model, tools: { ...await github.tools(), ...localTools }, prompt, stopWhen: isStepCount(10) },
 *     { core: ['memory.*'], policy: { deny: ['github.delete_*'] } },
 *   ),
 * );
 */
export function withToolDisclosure<
  CALL_OPTIONS = never,
  TOOLS extends ToolSet = ToolSet,
  RUNTIME_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
  OUTPUT extends OutputInterface = never,
>(
  settings: AgentSettings<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT>,
  options?: ToolDisclosureOptions,
): Promise<ToolLoopAgentSettings<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT>>;
export function withToolDisclosure<PARAMS extends ToolDisclosureParams>(
  params: PARAMS,
  options?: ToolDisclosureOptions,
): Promise<PARAMS>;
export async function withToolDisclosure(
  params: ToolDisclosureParams,
  options: ToolDisclosureOptions = {},
): Promise<ToolDisclosureParams> {
  return discloseTools(params, options, await getCatalog(params, options, 'async'));
}

/**
 * `withToolDisclosure`, synchronously: the same settings, for tools whose
 * schemas are not promises (zod, standard schemas, `jsonSchema(object)`), as
 * `streamText` needs to return `ai`'s result at once. Throws `AsyncSchemaError`
 * for a tool whose schema is a promise; use `withToolDisclosure` for those.
 *
 * @example
 * const result = streamText(withToolDisclosureSync({ model, tools, messages }, { core: ['memory.*'] }));
 */
export function withToolDisclosureSync<
  CALL_OPTIONS = never,
  TOOLS extends ToolSet = ToolSet,
  RUNTIME_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
  OUTPUT extends OutputInterface = never,
>(
  settings: AgentSettings<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT>,
  options?: ToolDisclosureOptions,
): ToolLoopAgentSettings<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT>;
export function withToolDisclosureSync<PARAMS extends ToolDisclosureParams>(
  params: PARAMS,
  options?: ToolDisclosureOptions,
): PARAMS;
export function withToolDisclosureSync(
  params: ToolDisclosureParams,
  options: ToolDisclosureOptions = {},
): ToolDisclosureParams {
  return discloseTools(params, options, getCatalog(params, options, 'sync'));
}

/** Both wrappers, once the catalog of `params.tools` (and `options.namespaces`) is built. */
function discloseTools<PARAMS extends ToolDisclosureParams>(
  params: PARAMS,
  options: ToolDisclosureOptions,
  catalog: Catalog,
): PARAMS {
  const {
    policy,
    mode,
    profile,
    profilePins,
    maxTokens,
    maxTools,
    contextWindow,
    countTokens,
    ranker = getDefaultRanker(),
    promote = false,
    timeoutMs,
    environment = globalThis.process?.env ?? {},
    onWarning,
  } = options;
  const userTools: ToolSet = params.tools ?? {};
  const disclosure = getDisclosure(catalog, {
    policy,
    mode,
    profile,
    profilePins,
    maxTokens,
    maxTools,
    contextWindow,
    countTokens,
    environment,
    onWarning,
  });
  const entries = disclosure.authorized.entries;

  if (!disclosure.deferred) return flatParams(params, catalog, disclosure, userTools);

  const surface = getSurface(disclosure, ranker, timeoutMs);
  const { resolver, wireNameOf } = surface;
  const tools = promote ? surface.tools : surface.advertisedTools;
  const advertisedNames = disclosure.advertised.map((tool) => tool.name);

  /** The wire names the user's activeTools allow in a step; undefined when the user set none. */
  const reachOf = (userActive: unknown): string[] | undefined =>
    Array.isArray(userActive)
      ? [...new Set(userActive.map((name) => wireNameOf(String(name))))]
      : undefined;
  const activeTools = (reach: readonly string[] | undefined): string[] =>
    reach === undefined
      ? advertisedNames
      : advertisedNames.filter((name) => bridgeNames.includes(name) || reach.includes(name));
  const toolOrder = (userOrder: unknown): string[] => {
    const first = Array.isArray(userOrder)
      ? userOrder
          .map((name) => wireNameOf(String(name)))
          .filter((name) => advertisedNames.includes(name))
      : [];
    return [...new Set([...first, ...advertisedNames])];
  };
  const stripContext = (toolsContext: unknown): Loose => {
    const rekeyed = rekey(asRecord(toolsContext), wireNameOf);
    for (const name of bridgeNames) delete rekeyed[name];
    return rekeyed;
  };
  // The user's activeTools limit what the bridges reach too, not only what is advertised:
  // each bridge reads the step's reach (wire names) from its context.
  const injectContext = (toolsContext: unknown, reach: readonly string[] | undefined): Loose => {
    const stripped = stripContext(toolsContext);
    if (reach === undefined) return { ...stripped, tool_call: { toolsContext: stripped } };
    return {
      ...stripped,
      tool_search: { reach },
      tool_describe: { reach },
      tool_call: { toolsContext: stripped, reach },
    };
  };

  // The reach of the activeTools a prepareStep / prepareCall result sets; one passed back as it
  // came in (`{ ...call }`) is the wrapper's own advertised list, not the user's choice.
  const stepReach = (result: Loose, incoming: Loose): string[] | undefined =>
    reachOf(
      result.activeTools !== undefined && result.activeTools !== incoming.activeTools
        ? result.activeTools
        : params.activeTools,
    );
  const initialReach = reachOf(params.activeTools);

  const promotable = createPromotion(disclosure, countTokens ?? estimateTokens, maxTools ?? 32);
  const promoted = (steps: unknown): string[] =>
    promote ? promotable(usedToolNames(steps, resolver)) : [];

  const wrapped: Loose = {
    ...(params as Loose),
    tools,
    activeTools: activeTools(initialReach),
    toolOrder: toolOrder(params.toolOrder),
    toolsContext: injectContext(params.toolsContext, initialReach),
    repairToolCall: createRepair(resolver, params.repairToolCall as AnyFunction | undefined),
    experimental_refineToolInput: createRefinements(
      resolver,
      rekey(asRecord(params.experimental_refineToolInput), wireNameOf),
    ),
  };

  const toolApproval = createApproval(
    resolver,
    entries,
    params.toolApproval,
    wireNameOf,
    stripContext,
  );
  if (toolApproval !== undefined) wrapped.toolApproval = toolApproval;
  if (params.stopWhen !== undefined) {
    wrapped.stopWhen = createStopConditions(params.stopWhen, resolver);
  }

  const userPrepareStep = params.prepareStep as AnyFunction | undefined;
  wrapped.prepareStep = async (stepOptions: Loose) => {
    const stripped = stripContext(stepOptions.toolsContext);
    const result =
      typeof userPrepareStep === 'function'
        ? asRecord(
            await (userPrepareStep as (options: Loose) => unknown)({
              ...stepOptions,
              toolsContext: stripped,
            }),
          )
        : {};
    const messages = (result.messages ?? stepOptions.messages) as ModelMessage[] | undefined;
    const typedMessages = messages === undefined ? undefined : typeApprovalDenials(messages);
    const reach = stepReach(result, stepOptions);
    // A promoted tool runs directly, past the bridges: it must be within the user's activeTools too.
    const promotedNames = promoted(stepOptions.steps).filter(
      (name) => reach === undefined || reach.includes(name),
    );
    return {
      ...result,
      ...(typedMessages === undefined ? {} : { messages: typedMessages }),
      activeTools: [...activeTools(reach), ...promotedNames],
      toolOrder: [...toolOrder(result.toolOrder ?? params.toolOrder), ...promotedNames],
      toolsContext: injectContext(result.toolsContext ?? stripped, reach),
    };
  };
  const userPrepareCall = params.prepareCall;
  if (typeof userPrepareCall === 'function') {
    // ToolLoopAgent: contexts set by the user's prepareCall must reach tool_call too,
    // including for approved calls resumed before any prepareStep.
    wrapped.prepareCall = async (callOptions: Loose) => {
      const stripped = stripContext(callOptions.toolsContext);
      const result = asRecord(
        await (userPrepareCall as (options: Loose) => unknown)({
          ...callOptions,
          toolsContext: stripped,
        }),
      );
      const reach = stepReach(result, callOptions);
      return {
        ...result,
        activeTools: activeTools(reach),
        toolOrder: toolOrder(result.toolOrder ?? params.toolOrder),
        toolsContext: injectContext(result.toolsContext ?? stripped, reach),
      };
    };
  }
  return wrapped as PARAMS;
}

/** Below the caps: the user's params, with denied tools (and only them) removed. */
/**
 * Picks, in order, the used tools that fit the caps next to what is already
 * advertised: the real tools stay within `maxTools` and their definitions
 * within the token threshold.
 */
function createPromotion(
  disclosure: Disclosure,
  countTokens: TokenCounter,
  maxTools: number,
): (used: readonly string[]) => string[] {
  const advertised = new Set(disclosure.advertised.map((tool) => tool.name));
  const entries = new Map(disclosure.authorized.entries.map((entry) => [entry.wireName, entry]));
  const realAdvertised = disclosure.advertised.filter((tool) => tool.entry !== undefined).length;
  return (used) => {
    const promoted: string[] = [];
    let tokens = disclosure.tokens.advertised;
    for (const name of used) {
      const entry = entries.get(name);
      if (entry === undefined || advertised.has(name)) continue;
      if (realAdvertised + promoted.length + 1 > maxTools) break;
      const cost = countTokens(
        definitionJson({ name, description: entry.description, parameters: entry.parameters }),
      );
      if (tokens + cost > disclosure.threshold) continue;
      tokens += cost;
      promoted.push(name);
    }
    return promoted;
  };
}

function flatParams<PARAMS extends ToolDisclosureParams>(
  params: PARAMS,
  catalog: Catalog,
  disclosure: Disclosure,
  userTools: ToolSet,
): PARAMS {
  const entries = disclosure.authorized.entries;
  const grouped = entries.filter((entry) => !isUserTool(entry, userTools));
  if (entries.length === catalog.entries.length && grouped.length === 0) return params;
  const authorizedKeys = new Set(entries.map((entry) => entry.key));
  const tools: Record<string, Tool> = {};
  const authorizedTools = new Set(entries.map((entry) => entry.tool));
  for (const [key, tool] of Object.entries(userTools)) {
    if (authorizedKeys.has(key) && authorizedTools.has(tool)) setOwn(tools, key, tool);
  }
  for (const entry of grouped)
    if (entry.tool !== undefined) setOwn(tools, entry.wireName, entry.tool);
  return { ...params, tools };
}

function isUserTool(entry: CatalogEntry, userTools: ToolSet): boolean {
  return Object.hasOwn(userTools, entry.key) && userTools[entry.key] === entry.tool;
}

/** Maps the names a user keys settings by (record key, wire name, canonical id) to wire names. */
function createWireNameMapper(entries: readonly CatalogEntry[]): (name: string) => string {
  const wireNames = new Map<string, string>();
  for (const entry of entries) {
    for (const name of [entry.id, entry.encodedId, entry.key, entry.wireName]) {
      wireNames.set(name, entry.wireName);
    }
  }
  return (name) => wireNames.get(name) ?? name;
}

function rekey(record: Loose, wireNameOf: (name: string) => string): Loose {
  const rekeyed: Loose = {};
  for (const [key, value] of Object.entries(record)) setOwn(rekeyed, wireNameOf(key), value);
  return rekeyed;
}

/**
 * Routes a call of an unknown or inactive name through `tool_call`: first when
 * the name resolves to an authorized tool, else after the user's own repair
 * declined, so the model gets `tool_call`'s `unknown_tool` answer (identical
 * for denied and never-existing names).
 */
function createRepair(resolver: ToolResolver, userRepair: AnyFunction | undefined) {
  return async (repairOptions: {
    toolCall: RepairedToolCall;
    error: unknown;
  }): Promise<RepairedToolCall | null> => {
    const { toolCall, error } = repairOptions;
    const isUnknownName =
      NoSuchToolError.isInstance(error) && !bridgeNames.includes(toolCall.toolName);
    const routed = (): RepairedToolCall => ({
      ...toolCall,
      toolName: 'tool_call',
      input: JSON.stringify({ name: toolCall.toolName, arguments: toolCall.input }),
    });
    if (isUnknownName && tryResolveTool(resolver, toolCall.toolName) !== undefined) return routed();
    const repaired =
      typeof userRepair === 'function'
        ? ((await (userRepair as (options: unknown) => unknown)(
            repairOptions,
          )) as RepairedToolCall | null)
        : null;
    if (repaired != null) return repaired;
    return isUnknownName ? routed() : null;
  };
}

/**
 * The user's refinements plus `tool_call`'s: the real wire name, parsed
 * arguments, and the user's refinement of the real tool applied to them. It
 * is idempotent when the user's refinements are, as the SDK requires.
 */
function createRefinements(resolver: ToolResolver, userRefinements: Loose): Loose {
  if (Object.hasOwn(userRefinements, 'tool_call')) return userRefinements;
  return {
    ...userRefinements,
    tool_call: async (input: unknown) => {
      const { name, arguments: args } = asRecord(input);
      const entry = tryResolveTool(resolver, name);
      if (entry === undefined) return input;
      const parsed = parseArgumentsLeniently(args);
      if (!isRecord(parsed)) return { name: entry.wireName, arguments: args };
      const refine = Object.hasOwn(userRefinements, entry.wireName)
        ? userRefinements[entry.wireName]
        : undefined;
      const refined =
        typeof refine === 'function'
          ? await (refine as (input: unknown) => unknown)(parsed)
          : parsed;
      return { name: entry.wireName, arguments: refined };
    },
  };
}

/** Whether a step whose bridges reach `reach` (undefined: everything) reaches `entry`. */
function withinReach(reach: unknown, entry: CatalogEntry): boolean {
  return !Array.isArray(reach) || reach.includes(entry.wireName);
}

/**
 * Approval for bridged calls under the real tool's rules: a user function sees
 * the real tool's name and arguments; a user record is re-keyed to wire names
 * and gains a `tool_call` rule applying the user's entry for the real tool, else
 * the real tool's `needsApproval`, with the real tool's context. Undefined
 * when nothing needs approval.
 */
function createApproval(
  resolver: ToolResolver,
  entries: readonly CatalogEntry[],
  userApproval: unknown,
  wireNameOf: (name: string) => string,
  stripContext: (toolsContext: unknown) => Loose,
): unknown {
  if (typeof userApproval === 'function') {
    return async (approvalOptions: Loose) => {
      const toolCall = asRecord(approvalOptions.toolCall);
      const toolsContext = stripContext(approvalOptions.toolsContext);
      const call = (toolCallOverride: Loose) =>
        (userApproval as (options: Loose) => unknown)({
          ...approvalOptions,
          toolsContext,
          toolCall: toolCallOverride,
        });
      if (toolCall.toolName !== 'tool_call') return call(toolCall);
      const input = asRecord(toolCall.input);
      const entry = tryResolveTool(resolver, input.name);
      const reach = asRecord(asRecord(approvalOptions.toolsContext).tool_call).reach;
      if (entry === undefined || !withinReach(reach, entry)) return 'not-applicable';
      return call({
        ...toolCall,
        toolName: entry.wireName,
        input: parseArgumentsLeniently(input.arguments),
      });
    };
  }
  const needsAny = entries.some((entry) => entry.tool?.needsApproval !== undefined);
  if (userApproval == null && !needsAny) return undefined;
  const record = rekey(asRecord(userApproval), wireNameOf);
  if (Object.hasOwn(record, 'tool_call')) return record;
  record.tool_call = async (input: unknown, ruleOptions: Loose): Promise<ToolApprovalStatus> => {
    const { name, arguments: args } = asRecord(input);
    const entry = tryResolveTool(resolver, name);
    const tool = entry?.tool;
    const bridgeContext = asRecord(ruleOptions.toolContext);
    // Out of the step's reach, the call fails as unknown_tool: there is nothing to approve.
    if (entry === undefined || tool === undefined || !withinReach(bridgeContext.reach, entry)) {
      return 'not-applicable';
    }
    const validation = await validateToolInput({
      tool,
      parameters: entry.parameters,
      input: parseArgumentsLeniently(args),
    });
    // An invalid call is not asked about: execute reports invalid_arguments.
    if (!validation.success) return 'not-applicable';
    const context = asRecord(bridgeContext.toolsContext)[entry.wireName];
    const hasOwnContext = Object.hasOwn(asRecord(bridgeContext.toolsContext), entry.wireName);
    const realContext = hasOwnContext ? context : undefined;
    const { toolCallId, messages, runtimeContext } = ruleOptions;
    if (Object.hasOwn(record, entry.wireName)) {
      const rule = record[entry.wireName];
      if (typeof rule !== 'function') return rule as ToolApprovalStatus;
      return (await (rule as (input: unknown, options: Loose) => unknown)(validation.value, {
        toolCallId,
        messages,
        toolContext: realContext,
        runtimeContext,
      })) as ToolApprovalStatus;
    }
    const needsApproval = tool.needsApproval as unknown;
    const needs =
      typeof needsApproval === 'function'
        ? await (needsApproval as (input: unknown, options: Loose) => unknown)(validation.value, {
            toolCallId,
            messages,
            context: realContext,
          })
        : needsApproval;
    return needs ? 'user-approval' : 'not-applicable';
  };
  return record;
}

/**
 * The catalog of `params.tools` under the options that shape it, reused per
 * tools record. An asynchronous build is cached as its promise until it
 * settles; a synchronous build does not wait for one and builds its own.
 */
function getCatalog(
  params: ToolDisclosureParams,
  options: ToolDisclosureOptions,
  mode: 'sync',
): Catalog;
function getCatalog(
  params: ToolDisclosureParams,
  options: ToolDisclosureOptions,
  mode: 'async',
): Catalog | Promise<Catalog>;
function getCatalog(
  params: ToolDisclosureParams,
  { namespaces, core = [], defaultNamespace = 'default' }: ToolDisclosureOptions,
  mode: 'sync' | 'async',
): Catalog | Promise<Catalog> {
  const tools: ToolSet = params.tools ?? {};
  // Contexts matter only to descriptions that are functions of them.
  const usesContext = Object.values(tools).some((tool) => typeof tool.description === 'function');
  const toolsContext = usesContext ? asRecord(params.toolsContext) : {};
  const catalogOptions = {
    tools,
    namespaces: namespaces ?? {},
    core,
    defaultNamespace,
    toolsContext,
  };
  const build = () =>
    mode === 'sync' ? createCatalogSync(catalogOptions) : createCatalog(catalogOptions);
  // Grouped tools are other records; only a catalog of `tools` alone is reused.
  const key =
    namespaces === undefined ? cacheKey([core, defaultNamespace, toolsContext]) : undefined;
  if (key === undefined) return build();
  let byKey = catalogCache.get(tools);
  if (byKey === undefined) {
    byKey = new Map();
    catalogCache.set(tools, byKey);
  }
  const cache = byKey;
  const cached = cache.get(key);
  if (cached !== undefined && (mode === 'async' || !(cached instanceof Promise))) return cached;
  const catalog = build();
  cache.set(key, catalog);
  if (catalog instanceof Promise) {
    catalog.then(
      (built) => {
        if (cache.get(key) === catalog) cache.set(key, built);
      },
      () => {
        if (cache.get(key) === catalog) cache.delete(key);
      },
    );
  }
  // Bounded, so per-request contexts cannot grow it without limit.
  trimToSize(cache, CATALOGS_PER_TOOL_SET);
  return catalog;
}

function getDisclosure(
  catalog: Catalog,
  options: Omit<Parameters<typeof createDisclosure>[0], 'catalog'> & {
    environment: Record<string, string | undefined>;
  },
): Disclosure {
  const { policy, countTokens, onWarning, environment, ...rest } = options;
  const key =
    policy?.isAllowed === undefined && countTokens === undefined
      ? cacheKey([
          policy?.allow,
          policy?.deny,
          rest,
          environment[MODE_ENVIRONMENT_VARIABLE],
          environment[PINS_ENVIRONMENT_VARIABLE],
        ])
      : undefined;
  const build = () => createDisclosure({ catalog, ...options });
  if (key === undefined) return build();
  let byKey = disclosureCache.get(catalog);
  if (byKey === undefined) {
    byKey = new Map();
    disclosureCache.set(catalog, byKey);
  }
  let disclosure = byKey.get(key);
  if (disclosure === undefined) {
    disclosure = build();
    byKey.set(key, disclosure);
    trimToSize(byKey, DISCLOSURES_PER_CATALOG);
  }
  return disclosure;
}

function getSurface(
  disclosure: Disclosure,
  ranker: Ranker,
  timeoutMs: number | undefined,
): Surface {
  let byRanker = surfaceCache.get(disclosure);
  if (byRanker === undefined) {
    byRanker = new WeakMap();
    surfaceCache.set(disclosure, byRanker);
  }
  let byTimeout = byRanker.get(ranker);
  if (byTimeout === undefined) {
    byTimeout = new Map();
    byRanker.set(ranker, byTimeout);
  }
  const key = String(timeoutMs);
  let surface = byTimeout.get(key);
  if (surface === undefined) {
    const entries = disclosure.authorized.entries;
    const resolver = createToolResolver(entries);
    const bridges = createBridgeTools({ disclosure, resolver, ranker, timeoutMs });
    const tools: Record<string, Tool> = {};
    for (const entry of [...entries].sort((left, right) => left.position - right.position)) {
      if (entry.tool !== undefined) setOwn(tools, entry.wireName, entry.tool);
    }
    for (const [name, bridge] of Object.entries(bridges)) setOwn(tools, name, bridge);
    const advertisedTools: Record<string, Tool> = {};
    for (const { name } of disclosure.advertised) {
      const advertisedTool = tools[name];
      if (advertisedTool !== undefined) setOwn(advertisedTools, name, advertisedTool);
    }
    surface = {
      resolver,
      bridges,
      tools: Object.freeze(tools),
      advertisedTools: Object.freeze(advertisedTools),
      wireNameOf: createWireNameMapper(entries),
    };
    byTimeout.set(key, surface);
  }
  return surface;
}

function getDefaultRanker(): Ranker {
  if (defaultRanker === undefined) defaultRanker = (RANKERS.default as () => Ranker)();
  return defaultRanker;
}

/** A JSON cache key, or undefined when the value cannot be serialized (then nothing is cached). */
function cacheKey(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** Defines an own property, so a key such as `__proto__` never touches the prototype. */
function setOwn<VALUE>(record: Record<string, VALUE>, key: string, value: VALUE): void {
  Object.defineProperty(record, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function asRecord(value: unknown): Loose {
  return value != null && typeof value === 'object' ? (value as Loose) : {};
}
