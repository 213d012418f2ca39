export {
  type CreateToolDisclosureCacheOptions,
  createToolDisclosureCache,
  TOOL_DISCLOSURE_CACHE_DEFAULT_BYTES,
  type ToolDisclosureCache,
} from './tool-disclosure-cache.js';
