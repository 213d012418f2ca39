// The root entry: what an application imports. It must stay free of Node
// built-ins, directly and through its imports, so it bundles for edge runtimes
// and browsers (test/edge-entry.test.ts). Bridge, MCP snapshot and word-vector
// building blocks for apps live in subpath exports (`tool-disclosure/bridge`,
// `/mcp`, `/word-vectors`); those only the tooling package (evaluation,
// benchmark, end-to-end, report, the command line) imports are `/catalog`,
// `/search`, `/disclosure`, `/wrap`, `/error`, `/util` and `/cache`.
export { createToolDisclosureCache } from './cache/index.js';
export {
  type Catalog,
  type CatalogEntry,
  createCatalog,
  createCatalogSync,
  type ToolPolicy,
} from './catalog/index.js';
export { createDisclosure, type Disclosure } from './disclosure/index.js';
export {
  AsyncSchemaError,
  InvalidGlobError,
  InvalidOptionError,
  InvalidProfilePinsError,
  InvalidToolDefinitionError,
  ToolBridgeError,
  type ToolBridgeErrorKind,
  ToolDisclosureError,
  WireNameCollisionError,
} from './error/index.js';
export {
  createOramaRanker,
  type RankedTool,
  type Ranker,
  type SearchIndex,
} from './search/index.js';
export { type ReadToolPartResult, readToolPart } from './ui/index.js';
export {
  type GenerateTextWithDisclosureOptions,
  generateText,
  type StreamTextWithDisclosureOptions,
  streamText,
  type ToolDisclosureOptions,
  withToolDisclosure,
  withToolDisclosureSync,
} from './wrap/index.js';
