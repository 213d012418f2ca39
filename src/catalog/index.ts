// tool-disclosure/catalog: the catalog folder's building blocks, exported for the tooling package
// (@tool-disclosure/tooling) only: internal, not a stable API; apps use the root entry.
export { authorizeCatalog } from './authorize-catalog.js';
export type { AuthorizedCatalog } from './authorized-catalog.js';
export { BRIDGE_TOOL_NAMES } from './bridge-tool-names.js';
export type { Catalog, NamespaceInfo } from './catalog.js';
export type { CatalogEntry } from './catalog-entry.js';
export { createCatalog, createCatalogSync } from './create-catalog.js';
export type { CreateCatalogOptions, NamespaceDeclaration } from './create-catalog-options.js';
export { createGlobMatcher } from './create-glob-matcher.js';
export { encodeDots, encodeWireName, WIRE_NAME_PATTERN } from './encode-wire-name.js';
export { NAMESPACE_PATTERN, normalizeNamespace } from './normalize-name.js';
export type { ToolDefinition } from './tool-definition.js';
export type { ToolPolicy } from './tool-policy.js';
