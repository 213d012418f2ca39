// tool-disclosure/disclosure: the disclosure folder's building blocks, exported for the tooling package
// (@tool-disclosure/tooling) only: internal, not a stable API; apps use the root entry.
export type { ToolWireDefinition } from './bridge-tool-definitions.js';
export { type CreateDisclosureOptions, createDisclosure } from './create-disclosure.js';
export { definitionJson } from './definition-json.js';
export type { AdvertisedTool, Disclosure } from './disclosure.js';
export {
  DISCLOSURE_MODES,
  type DisclosureMode,
  isDisclosureMode,
  MODE_ENVIRONMENT_VARIABLE,
  resolveDisclosureMode,
} from './disclosure-mode.js';
export { estimateTokens, type TokenCounter } from './estimate-tokens.js';
export {
  HEADER_HARD_CAP_BYTES,
  HEADER_LINE_BUDGET_BYTES,
  HEADER_TAIL_RESERVE_BYTES,
} from './fit-header-lines.js';
export {
  HEADER_BUDGET_LIMITS,
  HEADER_BUDGETS,
  type HeaderBudget,
  type HeaderBudgetLimits,
  isHeaderBudget,
} from './header-budget.js';
export {
  PINS_ENVIRONMENT_VARIABLE,
  PROFILE_ID_PATTERN,
  type ProfilePins,
  parseProfilePins,
} from './parse-profile-pins.js';
export { renderNameIndex } from './render-name-index.js';
export { renderNamespaceHeader } from './render-namespace-header.js';
export {
  ESTIMATE_TOKEN_RESERVE,
  fitsSurfaceBudget,
  SURFACE_TOKEN_BUDGET,
} from './surface-token-budget.js';
