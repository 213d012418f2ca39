import { markdownColumns, renderMarkdownTable } from '../report/markdown-table.js';
import type { GateDataSet } from './gate-data-sets.js';
import { type GatesRow, renderClasses } from './render-gates-table.js';

/** One server `scripts/list-mcp-servers.mjs` tried, as `corpus/mcp-servers.json` records it. */
export interface McpServerRow {
  namespace: string;
  package: string;
  version: string;
  status: 'listed' | 'failed';
  tool_count?: number;
  /** Why a listed server's tools are not in the catalog. */
  left_out?: string;
  /** Where a failed server failed: `install`, `start` or `list`. */
  stage?: string;
  reason?: string;
}

/**
 * The section of `docs/retrieval.md` on the judged set over real MCP servers: how it was built
 * and judged, the `default` and `bm25` figures, its classes and every server tried.
 */
export function renderMcpServersSection(
  dataSet: GateDataSet,
  servers: readonly McpServerRow[],
  rows: readonly GatesRow[],
): string[] {
  const own = rows.filter((row) => row.dataSet === dataSet);
  const first = own[0]?.report;
  if (first === undefined) return [];
  const noMatch = first.classes.no_match?.count ?? 0;
  const inCatalog = servers.filter((row) => row.status === 'listed' && row.left_out === undefined);
  const listed = servers.filter((row) => row.status === 'listed');
  const figures = (ranker: string) => {
    const metrics = own.find((row) => row.report.ranker === ranker)?.report.metrics;
    if (metrics === undefined) return undefined;
    const score = (value: number | null) => (value === null ? '-' : value.toFixed(3));
    return (
      `NDCG@10 ${score(metrics.ndcg_at_10)}, R@5 ${score(metrics.recall_at_5)}, ` +
      `MRR ${score(metrics.mrr)}, no-match ${score(metrics.no_match_accuracy)} and ` +
      `${metrics.false_empty_count} false empties`
    );
  };
  const classes = renderClasses(rows, dataSet);
  return [
    `## ${dataSet.label}`,
    '',
    `\`corpus/mcp-servers.json\` (\`eval --corpus mcp-servers\`) judges ${first.query_count} requests,`,
    `${noMatch} of them \`no_match\`, over the ${first.tool_count} tools of the ${inCatalog.length} MCP servers in its`,
    `catalog. \`node scripts/list-mcp-servers.mjs\` built the catalog: it installs each of the`,
    `${servers.length} \`@modelcontextprotocol/server-*\` packages on npm (the reference servers, current and`,
    'archived, and the MCP Apps examples) into a temporary folder, starts it over stdio with',
    "`@modelcontextprotocol/sdk`'s client (dummy credentials where a server wants them) and lists its",
    `tools; ${listed.length} listed. The requests are written as people write to a chat (file names, people's names,`,
    '"remember that …", "what do you know about …", several clauses, a few tool names), each graded 1 to 3',
    'for every tool a person would accept, across servers when several do the job, and some that no tool',
    "answers; the judging rules are in the file's `description`. No ranker was tuned on it.",
    ...['default', 'bm25'].flatMap((ranker) => {
      const text = figures(ranker);
      return text === undefined ? [] : [`On it \`${ranker}\` has ${text}.`];
    }),
    '',
    `${classes.title}:`,
    '',
    ...classes.table,
    '',
    'Every server tried (`servers` in the file):',
    '',
    ...renderMarkdownTable(
      markdownColumns(['server', 'package', 'outcome', 'tools'], 3),
      servers.map((row) => [
        row.namespace,
        `${row.package}@${row.version}`,
        row.status === 'failed'
          ? `failed at ${row.stage ?? 'list'}: ${row.reason ?? ''}`
          : row.left_out === undefined
            ? 'listed'
            : `listed, left out: ${row.left_out}`,
        row.tool_count === undefined ? '-' : String(row.tool_count),
      ]),
      { padded: true },
    ),
  ];
}
