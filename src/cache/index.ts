// tool-disclosure/cache: the cache folder's building blocks, exported for the tooling package
// (@tool-disclosure/tooling) only: internal, not a stable API; apps use the root entry.
export { createSizedCache } from './create-sized-cache.js';
export {
  type CreateToolDisclosureCacheOptions,
  createToolDisclosureCache,
  TOOL_DISCLOSURE_CACHE_DEFAULT_BYTES,
  type ToolDisclosureCache,
} from './tool-disclosure-cache.js';
