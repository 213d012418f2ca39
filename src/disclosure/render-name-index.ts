import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { compareByteOrder } from '../util/compare-byte-order.js';
import type { TokenCounter } from './estimate-tokens.js';
import { fitHeaderLines, plural } from './fit-header-lines.js';
import { HEADER_BUDGET_LIMITS, type HeaderBudgetLimits } from './header-budget.js';
import {
  NOTHING_DISCOVERABLE,
  SEARCH_HINT,
  SEARCH_RESULTS_NOTE,
} from './render-namespace-header.js';
import { fitsSurfaceBudget } from './surface-token-budget.js';

/**
 * The `tool_search` description in `compact` and `signatures` modes: an
 * alphabetical index of wire names within the header byte budget and the
 * surface token budget.
 *
 * @param entries The authorized, discoverable tools only.
 * @param withSignatures Whether search results carry complete schemas (`signatures`) or names only (`compact`).
 * @param countTokens Counts the surface against `SURFACE_TOKEN_BUDGET`. @default estimateTokens
 * @param limits The header budget's bytes and surface tokens. @default HEADER_BUDGET_LIMITS.standard
 */
export function renderNameIndex(
  entries: readonly CatalogEntry[],
  withSignatures: boolean,
  countTokens?: TokenCounter,
  limits: HeaderBudgetLimits = HEADER_BUDGET_LIMITS.standard,
): string {
  if (entries.length === 0) return NOTHING_DISCOVERABLE;
  const results = withSignatures
    ? 'Results include complete parameter schemas when schema_complete=true; otherwise call tool_describe before tool_call.'
    : "Results list names and descriptions only; call tool_describe for a tool's parameters before tool_call.";
  const intro =
    `${plural(entries.length, 'more authorized tool')} can be found with tool_search. ${results} ` +
    `${SEARCH_RESULTS_NOTE} Tools:`;
  // Wire names are [a-zA-Z0-9_-] only, so they need no cleaning for the header.
  const names = entries.map((entry) => entry.wireName).sort(compareByteOrder);
  return fitHeaderLines(
    [intro, ...names.map((name) => `- ${name}`)],
    (kept) => `…and ${entries.length - Math.max(0, kept - 1)} more — ${SEARCH_HINT}`,
    fitsSurfaceBudget(countTokens, limits.surfaceTokens),
    limits.lineBytes,
  );
}
