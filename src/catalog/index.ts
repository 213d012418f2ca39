export { authorizeCatalog } from './authorize-catalog.js';
export type { AuthorizedCatalog } from './authorized-catalog.js';
export type { Catalog, NamespaceInfo } from './catalog.js';
export type { CatalogEntry } from './catalog-entry.js';
export {
  BRIDGE_TOOL_NAMES,
  type CreateCatalogOptions,
  createCatalog,
  createCatalogSync,
  type NamespaceDeclaration,
} from './create-catalog.js';
export { createGlobMatcher } from './create-glob-matcher.js';
export { encodeWireName, WIRE_NAME_PATTERN } from './encode-wire-name.js';
export type { ToolDefinition } from './tool-definition.js';
export type { ToolPolicy } from './tool-policy.js';
