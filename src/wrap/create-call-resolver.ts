import type { Tool } from 'ai';
import {
  ambiguousName,
  createToolResolver,
  notAvailable,
  type ToolResolver,
} from '../bridge/resolve-tool-name.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import { ToolBridgeError } from '../error/tool-bridge-error.js';
import { createKeyedLookup } from '../util/create-keyed-lookup.js';

/**
 * The one answer, for a call, to "which real tool does this name mean?"
 * A name means the same tool in every step and every request (resolved over
 * all authorized tools, so an approval given in one request cannot run
 * another tool when it resumes in the next); a step's reach only decides
 * whether that tool can be reached. Input refinement, approval, execution,
 * stop conditions and promotion all ask it, so the tool that is approved is
 * the tool that runs.
 */
export interface CallResolver {
  /**
   * The entry `name` means, carrying this request's own tool, when it is
   * within `stepReach`.
   *
   * @param stepReach The wire names the step may reach (the user's
   * `activeTools`); undefined for every authorized tool.
   * @throws ToolBridgeError `unknown_tool`, naming no tool outside the reach:
   * a tool outside it fails as a name that never existed, and the candidates
   * of an ambiguous name are only those within it.
   */
  resolve(name: unknown, stepReach: readonly string[] | undefined): CatalogEntry;
  /** A `ToolResolver` for one step. */
  forStep(stepReach: readonly string[] | undefined): ToolResolver;
  /**
   * The entry whose wire name is exactly `name`, or undefined: what a call's
   * refined input names. Stop conditions, promotion and output conversion look
   * calls up this way, so a name the step could not resolve never counts as a
   * call of a tool.
   */
  byWireName(name: unknown): CatalogEntry | undefined;
  /** `byWireName` as a `ToolResolver`, which throws `unknown_tool` for any other name. */
  readonly wireNames: ToolResolver;
  /**
   * The resolver of a `tool_call` that input refinement has seen: its name is
   * the wire name refinement wrote, and the tool must be within the step's
   * reach. Any other name fails with the error `resolve` gives it (or as a
   * name that never existed, when only the step's reach would resolve it), so
   * nothing runs, or is approved, that refinement did not name, and every
   * tool that runs had the user's refinement applied.
   */
  forRefinedCall(stepReach: readonly string[] | undefined): ToolResolver;
}

export interface CreateCallResolverOptions {
  disclosure: Disclosure;
  /**
   * This request's own tool for an entry, which resolved entries carry.
   * @default the entry's own `tool`
   */
  toolOf?: ((entry: CatalogEntry) => Tool | undefined) | undefined;
}

interface ContentResolvers {
  readonly all: ToolResolver;
  readonly byWireName: (wireName: string) => CatalogEntry | undefined;
}

const contentResolvers = new WeakMap<Disclosure, ContentResolvers>();

/**
 * Creates the resolver of one call. Its lookup tables depend only on the
 * disclosure, so they are shared by every request of equal content; the
 * entries it returns carry the tools of this request alone.
 *
 * @example
 * const resolver = createCallResolver({ disclosure });
 * resolver.resolve('sms.send', ['sms__send']).wireName; // 'sms__send'
 */
export function createCallResolver({
  disclosure,
  toolOf = (entry) => entry.tool,
}: CreateCallResolverOptions): CallResolver {
  const content = contentResolversOf(disclosure);
  const bound = new Map<CatalogEntry, CatalogEntry>();
  const bind = (entry: CatalogEntry): CatalogEntry => {
    let found = bound.get(entry);
    if (found === undefined) {
      found = Object.freeze({ ...entry, tool: toolOf(entry) });
      bound.set(entry, found);
    }
    return found;
  };
  const resolve = (name: unknown, stepReach: readonly string[] | undefined) => {
    let entry: CatalogEntry;
    try {
      entry = content.all.resolve(name);
    } catch (error) {
      throw stepReach === undefined ? error : narrowed(error, name, stepReach);
    }
    if (stepReach !== undefined && !stepReach.includes(entry.wireName)) {
      throw notAvailable(String(name).trim());
    }
    return bind(entry);
  };
  const byWireName = (name: unknown) => {
    const entry = typeof name === 'string' ? content.byWireName(name) : undefined;
    return entry === undefined ? undefined : bind(entry);
  };
  return Object.freeze({
    resolve,
    forStep: (stepReach: readonly string[] | undefined) =>
      Object.freeze({ resolve: (name: unknown) => resolve(name, stepReach) }),
    byWireName,
    wireNames: Object.freeze({
      resolve: (name: unknown) => byWireName(name) ?? throwNotAvailable(name),
    }),
    forRefinedCall: (stepReach: readonly string[] | undefined) =>
      Object.freeze({
        resolve: (name: unknown) => {
          const entry = byWireName(name);
          if (
            entry !== undefined &&
            (stepReach === undefined || stepReach.includes(entry.wireName))
          ) {
            return entry;
          }
          // Only the error is wanted: a name refinement left as it was never runs.
          resolve(name, stepReach);
          return throwNotAvailable(name);
        },
      }),
  });
}

function contentResolversOf(disclosure: Disclosure): ContentResolvers {
  let content = contentResolvers.get(disclosure);
  if (content === undefined) {
    const entries = disclosure.authorized.entries;
    content = {
      all: createToolResolver(entries),
      byWireName: createKeyedLookup(entries, (entry) => entry.wireName),
    };
    contentResolvers.set(disclosure, content);
  }
  return content;
}

/** An error of the resolver, told as the step sees it: nothing outside its reach is named. */
function narrowed(error: unknown, name: unknown, stepReach: readonly string[]): unknown {
  if (!ToolBridgeError.isInstance(error)) return error;
  const candidates = error.details.candidates;
  if (!Array.isArray(candidates)) return error;
  const within = candidates.filter(
    (candidate): candidate is string =>
      typeof candidate === 'string' && stepReach.includes(candidate),
  );
  const requested = String(name).trim();
  if (within.length === 0) return notAvailable(requested);
  if (within.length > 1) return ambiguousName(requested, within);
  return new ToolBridgeError({
    kind: 'unknown_tool',
    message: `${JSON.stringify(requested)} is not specific enough. Call the tool by its full name: ${within[0]}.`,
    details: { candidates: within },
  });
}

function throwNotAvailable(name: unknown): never {
  throw notAvailable(String(name));
}
