import type { Tool } from 'ai';
import {
  ambiguousName,
  createToolResolver,
  notAvailable,
  type ToolResolver,
} from '../bridge/resolve-tool-name.js';
import { ToolBridgeError } from '../bridge/tool-bridge-error.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { Disclosure } from '../disclosure/disclosure.js';

/**
 * The one answer, for a whole call, to "which real tool does this name mean?"
 * Names are resolved over the call's reach; each step then keeps the answer
 * only when the tool is within that step's reach. Input refinement, approval,
 * execution, stop conditions and promotion all ask this resolver, so the tool
 * that is approved is the tool that runs.
 */
export interface CallResolver {
  /**
   * The entry `name` means, carrying this request's own tool.
   *
   * @param stepReach The wire names the step may reach (the user's
   * `activeTools`); undefined when the step does not narrow the call.
   * @throws ToolBridgeError `unknown_tool`; candidates of an ambiguous name
   * are listed only when they are within the step's reach.
   */
  resolve(name: unknown, stepReach?: readonly string[]): CatalogEntry;
  /** A `ToolResolver` for one step. */
  forStep(stepReach: readonly string[] | undefined): ToolResolver;
}

export interface CreateCallResolverOptions {
  disclosure: Disclosure;
  /**
   * The wire names names are resolved over: the call's `activeTools`, or
   * undefined for every authorized tool (also when a `prepareStep` may change
   * the reach from step to step).
   */
  callReach: readonly string[] | undefined;
  /**
   * This request's own tool for an entry, which resolved entries carry.
   * @default the entry's own `tool`
   */
  toolOf?: ((entry: CatalogEntry) => Tool | undefined) | undefined;
}

/** How many distinct call reaches one disclosure keeps a resolver for. */
const REACHES_PER_DISCLOSURE = 16;

const contentResolvers = new WeakMap<Disclosure, Map<string, ToolResolver>>();

/**
 * Creates the resolver of one call. Its lookup tables depend only on the
 * disclosure and the reach, so they are shared by every request of equal
 * content; the entries it returns carry the tools of this request alone.
 *
 * @example
 * const resolver = createCallResolver({ disclosure, callReach: undefined });
 * resolver.resolve('send', ['sms__send']).wireName; // 'sms__send', or unknown_tool
 */
export function createCallResolver({
  disclosure,
  callReach,
  toolOf = (entry) => entry.tool,
}: CreateCallResolverOptions): CallResolver {
  const content = contentResolver(disclosure, callReach);
  const bound = new Map<CatalogEntry, CatalogEntry>();
  const bind = (entry: CatalogEntry): CatalogEntry => {
    let found = bound.get(entry);
    if (found === undefined) {
      found = Object.freeze({ ...entry, tool: toolOf(entry) });
      bound.set(entry, found);
    }
    return found;
  };

  const resolve = (name: unknown, stepReach?: readonly string[]): CatalogEntry => {
    let entry: CatalogEntry;
    try {
      entry = content.resolve(name);
    } catch (error) {
      throw stepReach === undefined ? error : narrowed(error, name, stepReach);
    }
    if (stepReach !== undefined && !stepReach.includes(entry.wireName)) {
      throw notAvailable(String(name).trim());
    }
    return bind(entry);
  };

  return Object.freeze({
    resolve,
    forStep: (stepReach: readonly string[] | undefined) =>
      Object.freeze({ resolve: (name: unknown) => resolve(name, stepReach) }),
  });
}

function contentResolver(
  disclosure: Disclosure,
  callReach: readonly string[] | undefined,
): ToolResolver {
  let byReach = contentResolvers.get(disclosure);
  if (byReach === undefined) {
    byReach = new Map();
    contentResolvers.set(disclosure, byReach);
  }
  const key = callReach === undefined ? '*' : JSON.stringify([...new Set(callReach)].sort());
  let resolver = byReach.get(key);
  if (resolver === undefined) {
    const authorized = disclosure.authorized.entries;
    const reach = callReach === undefined ? undefined : new Set(callReach);
    resolver =
      reach === undefined
        ? createToolResolver(authorized)
        : createToolResolver(
            authorized.filter((entry) => reach.has(entry.wireName)),
            { authorized },
          );
    if (byReach.size >= REACHES_PER_DISCLOSURE) {
      byReach.delete(byReach.keys().next().value as string);
    }
    byReach.set(key, resolver);
  }
  return resolver;
}

/** An error of the call's resolver, told as the step sees it: nothing outside its reach is named. */
function narrowed(error: unknown, name: unknown, stepReach: readonly string[]): unknown {
  if (!ToolBridgeError.isInstance(error)) return error;
  const candidates = error.details.candidates;
  if (!Array.isArray(candidates)) return error;
  const within = candidates.filter(
    (candidate): candidate is string =>
      typeof candidate === 'string' && stepReach.includes(candidate),
  );
  const requested = String(name).trim();
  return within.length === 0 ? notAvailable(requested) : ambiguousName(requested, within);
}
