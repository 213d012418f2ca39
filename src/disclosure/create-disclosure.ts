import { authorizeCatalog } from '../catalog/authorize-catalog.js';
import type { Catalog } from '../catalog/catalog.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { ToolPolicy } from '../catalog/tool-policy.js';
import { unmatchedGlobWarnings } from '../catalog/unmatched-glob-warnings.js';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { stableHash } from '../util/stable-hash.js';
import { warnToConsole } from '../util/warn-to-console.js';
import { bridgeToolDefinitions, type ToolWireDefinition } from './bridge-tool-definitions.js';
import { definitionJson } from './definition-json.js';
import type { AdvertisedTool, Disclosure } from './disclosure.js';
import { DEFAULT_MAX_TOKENS, DEFAULT_MAX_TOOLS } from './disclosure-caps.js';
import { type DisclosureMode, resolveDisclosureMode } from './disclosure-mode.js';
import { estimateTokens, type TokenCounter } from './estimate-tokens.js';
import { type HeaderBudget, resolveHeaderBudget } from './header-budget.js';
import {
  PINS_ENVIRONMENT_VARIABLE,
  PROFILE_ID_PATTERN,
  type ProfilePins,
  parseProfilePins,
} from './parse-profile-pins.js';
import { renderToolSearchDescription } from './render-tool-search-description.js';

export interface CreateDisclosureOptions {
  catalog: Catalog;
  /** Which tools this run may see and call. @default every tool */
  policy?: ToolPolicy;
  /**
   * One of `off`, `compact`, `signatures`, `namespaces`, `bridged`. With `off`
   * (from here or the environment) no other environment variable is read.
   * @default process.env.TOOL_DISCLOSURE, else 'namespaces'
   */
  mode?: DisclosureMode;
  /** The profile whose pins apply in `bridged` mode; matches `[a-z0-9_:-]{1,128}`. */
  profile?: string;
  /**
   * Profile id → tools pinned for it, each named by record key, wire name or
   * canonical id. Validated in every mode; applied in `bridged` mode only.
   * @default process.env.TOOL_DISCLOSURE_PROFILE_PINS, read in `bridged` mode only
   */
  profilePins?: ProfilePins | string;
  /** Defer when all authorized definitions cost more tokens than this. @default 12000 */
  maxTokens?: number;
  /** Defer when more tools than this are authorized. @default 32 */
  maxTools?: number;
  /** The model's context window; the threshold becomes min(maxTokens, floor(contextWindow / 10)). */
  contextWindow?: number;
  /**
   * Counts tokens of a definition's compact JSON; also sizes the `tool_search`
   * description so the bridges stay within `SURFACE_TOKEN_BUDGET` (1,500).
   * @default estimateTokens (o200k_base estimate)
   */
  countTokens?: TokenCounter;
  /**
   * The room the `tool_search` description gets: `standard` (3,800 bytes, a
   * 1,500-token surface) or `small` (1,280 bytes, 800 tokens), which names
   * fewer namespaces and tools for a cheaper first request.
   * @default 'standard'
   */
  headerBudget?: HeaderBudget;
  /** Where `TOOL_DISCLOSURE` and `TOOL_DISCLOSURE_PROFILE_PINS` are read. @default process.env */
  environment?: Record<string, string | undefined>;
  /** Receives non-fatal configuration warnings. @default console.warn */
  onWarning?: (message: string) => void;
}

/** Token costs per counter and entry: entries are immutable, so a cost never changes. */
const costCache = new WeakMap<TokenCounter, WeakMap<CatalogEntry, number>>();

/**
 * Computes what the model is shown: below the caps the authorized tools as
 * they are; above them core tools (and, in `bridged` mode, the profile's pins)
 * followed by `tool_search`, `tool_describe` and `tool_call`.
 *
 * @example
 * const disclosure = createDisclosure({ catalog, policy: { deny: ['stripe.*'] }, maxTools: 20 });
 * disclosure.advertised.map((tool) => tool.name); // ['memory__save', 'tool_search', …]
 */
export function createDisclosure({
  catalog,
  policy,
  mode: modeOption,
  profile,
  profilePins,
  maxTokens = DEFAULT_MAX_TOKENS,
  maxTools = DEFAULT_MAX_TOOLS,
  contextWindow,
  countTokens = estimateTokens,
  headerBudget = 'standard',
  environment = globalThis.process?.env ?? {},
  onWarning = warnToConsole,
}: CreateDisclosureOptions): Disclosure {
  assertCount('maxTokens', maxTokens, 1);
  assertCount('maxTools', maxTools, 0);
  if (contextWindow !== undefined) assertCount('contextWindow', contextWindow, 1);
  const headerLimits = resolveHeaderBudget(headerBudget);
  const mode = resolveDisclosureMode({ mode: modeOption, environment, onWarning });
  const pins = resolvePins(profilePins, mode, environment);
  if (profile !== undefined && (typeof profile !== 'string' || !PROFILE_ID_PATTERN.test(profile))) {
    throw new InvalidOptionError({
      option: 'profile',
      value: profile,
      expected: 'a profile id matching [a-z0-9_:-]{1,128}',
    });
  }

  const authorized = authorizeCatalog(catalog, policy);
  for (const warning of unmatchedGlobWarnings(
    policy?.deny ?? [],
    'policy.deny',
    'denies',
    catalog.entries,
  )) {
    onWarning(warning);
  }
  const costOf = createCostFunction(countTokens);
  // Every authorized tool in input order: what a flat surface advertises, and what is priced.
  const flat = once(() =>
    [...authorized.entries].sort((left, right) => left.position - right.position).map(asAdvertised),
  );
  // Pricing every definition is the costliest step of a cold start; a catalog over the tool cap
  // is deferred whatever it costs, so its full cost is only computed when someone reads it.
  const full = once(() => sum(flat().map((tool) => costOf(tool))));
  const threshold =
    contextWindow === undefined ? maxTokens : Math.min(maxTokens, Math.floor(contextWindow / 10));
  const deferred = mode !== 'off' && (authorized.entries.length > maxTools || full() > threshold);

  const pinNames = new Set(
    mode === 'bridged' && profile !== undefined && pins && Object.hasOwn(pins, profile)
      ? pins[profile]
      : [],
  );
  // Pins only pick among authorized entries, so they never widen the policy.
  // Without pins nothing is pinned: no names to gather for each of thousands of entries.
  const isPinned = (entry: CatalogEntry) =>
    pinNames.size > 0 &&
    !entry.core &&
    [entry.id, entry.key, entry.wireName, entry.encodedId].some((name) => pinNames.has(name));
  // One pass: a cold request splits thousands of entries.
  const core: CatalogEntry[] = [];
  const pinned: CatalogEntry[] = [];
  const discoverable: CatalogEntry[] = [];
  for (const entry of authorized.entries) {
    if (entry.core) core.push(entry);
    else if (isPinned(entry)) pinned.push(entry);
    else discoverable.push(entry);
  }

  let advertised: readonly AdvertisedTool[];
  let toolSearchDescription: string | null = null;
  if (!deferred) advertised = flat();
  else {
    toolSearchDescription = renderToolSearchDescription(
      mode,
      discoverable,
      authorized.namespaces,
      countTokens,
      headerLimits,
    );
    advertised = [
      ...core.map(asAdvertised),
      ...pinned.map(asAdvertised),
      ...bridgeToolDefinitions(toolSearchDescription).map((bridge) => ({
        ...bridge,
        entry: undefined,
      })),
    ];
  }

  // A deferred surface's cost is read only by step events and promotion: a request without
  // either never prices the bridges a second time (fitting the header counted tool_search).
  // A flat surface costs what every tool does, priced now, as it always was.
  const surface = advertised;
  const advertisedCost = deferred ? once(() => sum(surface.map((tool) => costOf(tool)))) : full;
  if (!deferred) full();
  // Read by no request of the wrapper's own: hashed (~5 KB of definitions) when first read.
  const fingerprint = once(() =>
    stableHash(
      JSON.stringify([authorized.fingerprint, mode, deferred, surface.map(definitionJson)]),
    ),
  );

  return Object.freeze({
    mode,
    deferred,
    authorized,
    profile,
    advertised: Object.freeze(advertised),
    pinned: Object.freeze(deferred ? pinned : []),
    discoverable: Object.freeze(deferred ? discoverable : []),
    toolSearchDescription,
    headerBudget,
    threshold,
    tokens: Object.freeze({
      get full() {
        return full();
      },
      get advertised() {
        return advertisedCost();
      },
    }),
    get fingerprint() {
      return fingerprint();
    },
  });
}

function asAdvertised(entry: CatalogEntry): AdvertisedTool {
  return {
    name: entry.wireName,
    description: entry.description,
    parameters: entry.parameters,
    entry,
  };
}

function createCostFunction(countTokens: TokenCounter): (tool: AdvertisedTool) => number {
  let costs = costCache.get(countTokens);
  if (!costs) {
    costs = new WeakMap();
    costCache.set(countTokens, costs);
  }
  const cache = costs;
  return (tool) => {
    if (!tool.entry) return countTokens(definitionJson(tool as ToolWireDefinition));
    let cost = cache.get(tool.entry);
    if (cost === undefined) {
      cost = countTokens(definitionJson(tool));
      cache.set(tool.entry, cost);
    }
    return cost;
  };
}

/**
 * The option, validated in every mode (a bad value is a programming error),
 * else the environment variable, read only in `bridged` mode where pins apply:
 * `off`, the rollback path, must not fail on another variable.
 */
function resolvePins(
  option: ProfilePins | string | undefined,
  mode: DisclosureMode,
  environment: Record<string, string | undefined>,
): ProfilePins | undefined {
  if (option !== undefined) return parseProfilePins(option, 'the profilePins option');
  if (mode !== 'bridged') return undefined;
  const fromEnvironment = environment[PINS_ENVIRONMENT_VARIABLE];
  if (fromEnvironment === undefined || fromEnvironment.trim() === '') return undefined;
  return parseProfilePins(fromEnvironment, PINS_ENVIRONMENT_VARIABLE);
}

function assertCount(option: string, value: number, minimum: number) {
  if (!Number.isSafeInteger(value) || value < minimum) {
    throw new InvalidOptionError({ option, value, expected: `an integer of at least ${minimum}` });
  }
}

function once<VALUE>(compute: () => VALUE): () => VALUE {
  let computed = false;
  let value: VALUE;
  return () => {
    if (!computed) {
      value = compute();
      computed = true;
    }
    return value;
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
