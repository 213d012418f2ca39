import type { ToolSearchResponse } from 'tool-disclosure/bridge';
import { runToolSearch, searchableEntries, TOOL_SEARCH_MAX_LIMIT } from 'tool-disclosure/bridge';
import type { Catalog } from 'tool-disclosure/catalog';
import { createCatalog } from 'tool-disclosure/catalog';
import {
  createDisclosure,
  DISCLOSURE_MODES,
  type DisclosureMode,
} from 'tool-disclosure/disclosure';
import { ToolBridgeError } from 'tool-disclosure/error';
import type { Ranker } from 'tool-disclosure/search';
import { getSearchIndex } from 'tool-disclosure/search';
import { RANKERS } from '../search/rankers.js';
import type { CliIo } from './cli-io.js';
import { type CliCommand, defineCommand } from './define-command.js';
import { loadToolSources } from './load-tool-sources.js';
import { parseChoice, parseCount, parseGlobList } from './parse-command-line.js';
import { rankerNames } from './ranker-names.js';
import {
  hasToolSources,
  MISSING_SOURCE_MESSAGE,
  TOOL_SOURCE_HELP,
  TOOL_SOURCE_OPTIONS,
  TOOL_SOURCE_SYNOPSIS,
} from './tool-source-flags.js';

export const SEARCH_USAGE = `Usage: tool-disclosure search --catalog FILE ${TOOL_SOURCE_SYNOPSIS}
       [--allow GLOBS] [--deny GLOBS] [--mode MODE] [--limit N] [--ranker RANKER] [--json] QUERY...

Runs tool_search over a catalog (a catalog file ({"tools": [...]}), MCP servers, tools modules, or any
mix) as the model would, with the default ranker; FILE may also be judged-corpus, the corpus bundled
with the package.
RANKER is one of ${rankerNames().join(', ')} (default: default); vectors is the default ranker with
the word vectors of tool-disclosure/word-vectors (createWordVectorRanker).
Only authorized tools are searched: the discoverable ones when the surface is deferred, every
authorized tool when it is flat. QUERY is the remaining arguments, joined by spaces.
MODE is one of ${DISCLOSURE_MODES.join(', ')} (default: $TOOL_DISCLOSURE, else namespaces);
in compact mode no schemas are returned.
N is at least 1 (default 10); more than ${TOOL_SEARCH_MAX_LIMIT} returns ${TOOL_SEARCH_MAX_LIMIT}.
GLOBS are comma-separated globs on canonical ids, e.g. 'github.*,slack.send_*';
a repeated --allow or --deny adds to the list.
--json prints the exact tool_search response the model would receive.

${TOOL_SOURCE_HELP}`;

/**
 * `tool-disclosure search`: what `tool_search` returns for a query, for people
 * or (with --json) byte for byte as the model receives it. A rejected query
 * prints its message and returns 1.
 */
export const searchCommand: CliCommand = defineCommand(
  {
    usage: SEARCH_USAGE,
    options: {
      ...TOOL_SOURCE_OPTIONS,
      allow: { type: 'string', multiple: true },
      deny: { type: 'string', multiple: true },
      mode: { type: 'string' },
      limit: { type: 'string' },
      ranker: { type: 'string' },
      json: { type: 'boolean' },
    },
    positionals: Number.POSITIVE_INFINITY,
  },
  async ({ values, positionals, usageError }, io) => {
    if (!hasToolSources(values)) {
      throw usageError(MISSING_SOURCE_MESSAGE);
    }
    const query = positionals.join(' ');
    if (query.trim() === '') {
      throw usageError('QUERY is required');
    }
    parseChoice('--mode', values.mode, DISCLOSURE_MODES);
    const rankerName = parseChoice('--ranker', values.ranker ?? 'default', rankerNames()) as string;
    const limit = parseCount('--limit', values.limit, 1);
    const allow = parseGlobList('--allow', values.allow);
    const deny = parseGlobList('--deny', values.deny);
    const sources = await loadToolSources(values, io);
    try {
      const catalog = await createCatalog({
        definitions: sources.definitions,
        namespaces: sources.namespaces,
        tools: sources.tools,
      });
      const ranker = (RANKERS[rankerName] as () => Ranker)();
      return await search(catalog, ranker, { ...values, query, limit, allow, deny }, io);
    } finally {
      await sources.close();
    }
  },
);

async function search(
  catalog: Catalog,
  ranker: Ranker,
  values: {
    mode?: string | undefined;
    json?: boolean | undefined;
    query: string;
    limit: number | undefined;
    allow: string[] | undefined;
    deny: string[] | undefined;
  },
  io: CliIo,
): Promise<number> {
  const { query, limit, allow, deny } = values;
  const disclosure = createDisclosure({
    catalog,
    policy: { ...(allow && { allow }), ...(deny && { deny }) },
    ...(values.mode !== undefined && { mode: values.mode as DisclosureMode }),
    environment: io.environment,
    onWarning: (message) => io.stderr(`tool-disclosure: warning: ${message}\n`),
  });
  const index = await getSearchIndex(disclosure.authorized, ranker, searchableEntries(disclosure));

  let response: ToolSearchResponse;
  try {
    response = await runToolSearch({ disclosure, index, query, limit });
  } catch (error) {
    if (!ToolBridgeError.isInstance(error)) throw error;
    io.stderr(`tool-disclosure: ${error.message}\n`);
    return 1;
  }
  io.stdout(values.json ? `${JSON.stringify(response)}\n` : renderResponse(response));
  return 0;
}

function renderResponse({ query, results, message }: ToolSearchResponse): string {
  const count = results.length === 1 ? '1 result' : `${results.length} results`;
  const lines = [`query: ${JSON.stringify(query)} (${count})`];
  if (message !== undefined) lines.push(message);
  results.forEach((result, position) => {
    lines.push(
      '',
      `${position + 1}. ${result.name} (${result.capability_id})${result.match === 'weak' ? ' [weak match]' : ''}`,
      ...(result.description === ''
        ? []
        : result.description.split('\n').map((line) => `   ${line}`.trimEnd())),
      `   required: ${result.required.length === 0 ? '(none)' : result.required.join(', ')}`,
      `   schema complete: ${result.schema_complete ? 'yes' : 'no'}`,
    );
  });
  return `${lines.join('\n')}\n`;
}
