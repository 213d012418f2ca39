export { createSizedCache } from './create-sized-cache.js';
export {
  type CreateToolDisclosureCacheOptions,
  createToolDisclosureCache,
  TOOL_DISCLOSURE_CACHE_DEFAULT_BYTES,
  type ToolDisclosureCache,
} from './tool-disclosure-cache.js';
