import type { NamespaceInfo } from '../catalog/catalog.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { sortById } from '../catalog/sort-by-id.js';
import { createByteOrderComparator } from '../util/create-byte-order-comparator.js';
import { clipHeaderText } from './clip-header-text.js';
import type { TokenCounter } from './estimate-tokens.js';
import { fitHeaderLines, plural, toHeaderText } from './fit-header-lines.js';
import { HEADER_BUDGET_LIMITS, type HeaderBudgetLimits } from './header-budget.js';
import { fitsSurfaceBudget } from './surface-token-budget.js';

export const SEARCH_HINT = 'use tool_search(query="<service or action>").';

export const NOTHING_DISCOVERABLE =
  'No additional tools are available on demand: every authorized tool is already listed, and listed tools need no search.';

/** A namespace's description in the header is cut to this many bytes: one namespace cannot crowd out the rest. */
export const NAMESPACE_DESCRIPTION_MAX_BYTES = 200;

/** What the header says of results: never unavailable before a search; a weak match only partly fits. */
export const SEARCH_RESULTS_NOTE =
  'Never report a capability as unavailable before searching; a result with match=weak only partly fits the query.';

/**
 * The `tool_search` description in `namespaces` and `bridged` modes: counts,
 * one line per namespace, then representative tools taken one per namespace
 * per round so large namespaces cannot crowd out small ones, all within the
 * header byte budget and the surface token budget.
 *
 * @param entries The authorized, discoverable tools only.
 * @param namespaces Namespace descriptions; only namespaces of `entries` are shown.
 * @param countTokens Counts the surface against `SURFACE_TOKEN_BUDGET`. @default estimateTokens
 * @param limits The header budget's bytes and surface tokens. @default HEADER_BUDGET_LIMITS.standard
 */
export function renderNamespaceHeader(
  entries: readonly CatalogEntry[],
  namespaces: readonly NamespaceInfo[],
  countTokens?: TokenCounter,
  limits: HeaderBudgetLimits = HEADER_BUDGET_LIMITS.standard,
): string {
  if (entries.length === 0) return NOTHING_DISCOVERABLE;
  const groups = groupByNamespace(entries);
  const descriptions = new Map(namespaces.map((info) => [info.name, info.description]));
  const intro =
    `${plural(entries.length, 'more authorized tool')} in ${plural(groups.size, 'namespace')} ` +
    'can be found with tool_search. Results include complete parameter schemas when ' +
    `schema_complete=true; otherwise call tool_describe before tool_call. ${SEARCH_RESULTS_NOTE} Namespaces:`;
  // Namespaces and wire names are letters, digits, "_" and "-"; descriptions are free text.
  const namespaceLines = [...groups].map(([namespace, members]) => {
    const description = clipHeaderText(
      toHeaderText(descriptions.get(namespace) ?? ''),
      NAMESPACE_DESCRIPTION_MAX_BYTES,
    );
    return `- ${namespace} (${members.length})${description ? `: ${description}` : ''}`;
  });
  const representatives = fairRounds([...groups.values()]).map((entry) => `- ${entry.wireName}`);
  const lines = [
    intro,
    ...namespaceLines,
    'Representative tools (fair namespace rounds):',
    ...representatives,
  ];
  const representativeStart = namespaceLines.length + 2;

  return fitHeaderLines(
    lines,
    (kept) => {
      if (kept < 1 + namespaceLines.length) {
        const hidden = namespaceLines.length - Math.max(0, kept - 1);
        return `…and ${plural(hidden, 'more authorized namespace')} — ${SEARCH_HINT}`;
      }
      const shown = Math.max(0, kept - representativeStart);
      return `…and ${entries.length - shown} more — ${SEARCH_HINT}`;
    },
    fitsSurfaceBudget(countTokens, limits.surfaceTokens),
    limits.lineBytes,
  );
}

/** Groups entries by namespace, keeping byte order of namespaces and of tools within each. */
function groupByNamespace(entries: readonly CatalogEntry[]): Map<string, CatalogEntry[]> {
  // Sorted by id (catalog entries already are: one pass tells), each group is in order as it is
  // gathered, and only the namespaces are sorted.
  const gathered = new Map<string, CatalogEntry[]>();
  for (const entry of sortById(entries)) {
    const group = gathered.get(entry.namespace);
    if (group) group.push(entry);
    else gathered.set(entry.namespace, [entry]);
  }
  const names = [...gathered.keys()].sort(createByteOrderComparator(gathered.keys()));
  return new Map(names.map((name) => [name, gathered.get(name) as CatalogEntry[]]));
}

/** Round r takes the r-th tool of every namespace that still has one. */
function fairRounds(groups: readonly (readonly CatalogEntry[])[]): CatalogEntry[] {
  const order: CatalogEntry[] = [];
  const rounds = Math.max(...groups.map((group) => group.length));
  for (let round = 0; round < rounds; round++) {
    for (const group of groups) {
      const entry = group[round];
      if (entry) order.push(entry);
    }
  }
  return order;
}
