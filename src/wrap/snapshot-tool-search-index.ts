import { searchableEntries } from '../bridge/run-tool-search.js';
import { getDefaultToolDisclosureCache } from '../cache/tool-disclosure-cache.js';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { createOramaRanker } from '../search/create-orama-ranker.js';
import {
  createSearchIndexSnapshot,
  type SearchIndexSnapshot,
} from '../search/search-index-snapshot.js';
import { getCatalog } from './get-catalog.js';
import { getDisclosure } from './get-disclosure.js';
import { resolveNativeMode } from './native-search.js';
import {
  type ToolDisclosureOptions,
  type ToolDisclosureParams,
  validateToolDisclosureOptions,
} from './tool-disclosure-options.js';

/**
 * The search index `tool_search` would build for these settings and options,
 * as a snapshot to save at build time (it is plain JSON) and pass back as the
 * `searchIndex` option at a cold start, where it is loaded instead of built.
 * The snapshot names the ranker, the authorized catalog's fingerprint and the
 * searchable tools: with other tools, descriptions, policy, mode or ranker it
 * is not used, nor when its saved index was damaged after it was written
 * (`SearchIndexSnapshotDamagedError` names where): the index is built and
 * cached as without a snapshot, and `onWarning` hears why once.
 *
 * @throws InvalidOptionError when the tools fit under the caps (no `tool_search`), or the ranker cannot save indexes.
 *
 * @example
 * const snapshot = await snapshotToolSearchIndex({ tools }, { core: ['memory.*'] });
 * await writeFile('search-index.json', JSON.stringify(snapshot));
 * // at a cold start:
 * streamText({ model, tools, messages, toolDisclosure: { core: ['memory.*'], searchIndex } });
 */
export async function snapshotToolSearchIndex(
  params: ToolDisclosureParams,
  userOptions: ToolDisclosureOptions = {},
): Promise<SearchIndexSnapshot> {
  validateToolDisclosureOptions(userOptions);
  const { options } = resolveNativeMode(params.model, userOptions);
  const cache = options.cache ?? getDefaultToolDisclosureCache();
  const catalog = await getCatalog(params, options, cache, 'async');
  const environment = options.environment ?? globalThis.process?.env ?? {};
  const disclosure = getDisclosure(catalog, options, environment);
  if (!disclosure.deferred) {
    throw new InvalidOptionError({
      option: 'tools',
      value: catalog.catalog.entries.length,
      expected: 'tools above the caps, which tool_search searches (below them no index is built)',
    });
  }
  return createSearchIndexSnapshot(
    disclosure.authorized,
    options.ranker ?? createOramaRanker(),
    searchableEntries(disclosure),
    cache,
  );
}
