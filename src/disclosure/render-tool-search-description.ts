import type { NamespaceInfo } from '../catalog/catalog.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { DisclosureMode } from './disclosure-mode.js';
import type { TokenCounter } from './estimate-tokens.js';
import type { HeaderBudgetLimits } from './header-budget.js';
import { renderNameIndex } from './render-name-index.js';
import { renderNamespaceHeader } from './render-namespace-header.js';

/**
 * The `tool_search` description of a mode: an alphabetical index of
 * names in `compact` and `signatures` modes, the namespace catalog header
 * otherwise.
 *
 * @param entries The authorized, discoverable tools the step may reach.
 * @param namespaces Namespace descriptions; only namespaces of `entries` are shown.
 * @param countTokens The disclosure's counter, for the surface token budget. @default estimateTokens
 * @param limits The header budget's bytes and surface tokens. @default HEADER_BUDGET_LIMITS.standard
 */
export function renderToolSearchDescription(
  mode: DisclosureMode,
  entries: readonly CatalogEntry[],
  namespaces: readonly NamespaceInfo[],
  countTokens?: TokenCounter,
  limits?: HeaderBudgetLimits,
): string {
  return mode === 'compact' || mode === 'signatures'
    ? renderNameIndex(entries, mode === 'signatures', countTokens, limits)
    : renderNamespaceHeader(entries, namespaces, countTokens, limits);
}
