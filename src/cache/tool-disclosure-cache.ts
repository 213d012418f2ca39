import { createSizedCache, type SizedCache } from './create-sized-cache.js';

/**
 * Where catalogs, disclosures and search indexes are kept between requests,
 * keyed by the content that reaches the model and bounded by an estimate of
 * the bytes they hold.
 */
export type ToolDisclosureCache = SizedCache;

/** The default size of a cache: 128 MiB, about three indexes of 10,000 tools or thirty of 1,000. */
export const TOOL_DISCLOSURE_CACHE_DEFAULT_BYTES = 128 * 2 ** 20;

export interface CreateToolDisclosureCacheOptions {
  /** The most bytes (estimated) the cache may hold; 0 keeps nothing. @default 134217728 (128 MiB) */
  maxBytes?: number;
}

let defaultCache: ToolDisclosureCache | undefined;

/**
 * A cache for the `cache` option, sized for your memory budget. Requests that
 * share a cache share catalogs and indexes of equal content; nothing else
 * (tools, contexts, approvals) is ever kept in it.
 *
 * @throws InvalidOptionError when `maxBytes` is not an integer of at least 0.
 *
 * @example
 * const cache = createToolDisclosureCache({ maxBytes: 32 * 2 ** 20 });
 * streamText({ model, tools, messages, toolDisclosure: { cache } });
 */
export function createToolDisclosureCache({
  maxBytes = TOOL_DISCLOSURE_CACHE_DEFAULT_BYTES,
}: CreateToolDisclosureCacheOptions = {}): ToolDisclosureCache {
  return createSizedCache(maxBytes);
}

/** The module-level cache used when no `cache` option is given, created on first use. */
export function getDefaultToolDisclosureCache(): ToolDisclosureCache {
  if (defaultCache === undefined) defaultCache = createToolDisclosureCache();
  return defaultCache;
}
