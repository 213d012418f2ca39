import { APP_HOLDING_LABELS, APP_HOLDINGS } from '../bench/app-holding.js';
import type { BenchReport } from '../bench/bench-report.js';
import { formatCount } from './format-count.js';
import { formatRatio } from './format-ratio.js';
import { renderMarkdownTable } from './markdown-table.js';
import { renderSvgBarChart } from './svg-bar-chart.js';

/** The file name of the chart of each way of holding tools, ours ÷ plain `ai`. */
export const APP_PATTERNS_CHART = 'app-patterns.svg';

/**
 * What applications pay, as Markdown, for reports that carry it: each way of
 * holding tools beside plain `ai`, the import and the whole cold process that
 * searches against `ai`'s, and our search against the independent engines.
 */
export function renderAppSpeedSection(report: BenchReport): string[] {
  const lines: string[] = [];
  const patterns = report.app_patterns ?? [];
  if (patterns.length > 0) {
    lines.push(
      '',
      '## How the app holds its tools',
      '',
      "One request of a warm process with a scripted model that answers at once, through our `generateText` beside plain `ai`'s with the same tools held the same way; milliseconds are medians, the ratio is the median over alternated pairs. Fresh tool objects are made before each request, untimed, as `await mcpClient.tools()` makes them.",
      '',
      ...renderMarkdownTable(
        [
          { header: 'tools', align: 'right' },
          { header: 'holding' },
          { header: 'ours ms', align: 'right' },
          { header: 'plain ai ms', align: 'right' },
          { header: 'ours ÷ plain ai', align: 'right' },
        ],
        patterns.map((row) => [
          formatCount(row.tools),
          APP_HOLDING_LABELS[row.holding] ?? row.holding,
          row.ms.toFixed(3),
          row.plain_ai_ms.toFixed(3),
          row.ratio.toFixed(3),
        ]),
      ),
    );
  }
  const processRows: string[][] = [];
  if (report.import_ratio != null) {
    const { ours_ms, ai_ms, ratio } = report.import_ratio;
    processRows.push([
      "import of the root entry ÷ ai's own import",
      ours_ms.toFixed(1),
      ai_ms.toFixed(1),
      formatRatio(ratio),
    ]);
  }
  for (const row of report.cold_search_process ?? []) {
    processRows.push([
      `cold process that searches ÷ ai's toolSearch(), ${formatCount(row.tools)} tools`,
      row.ours_ms.toFixed(0),
      row.tool_search_ms.toFixed(0),
      formatRatio(row.ratio),
    ]);
  }
  if (processRows.length > 0) {
    lines.push(
      '',
      '## Fresh processes (ms)',
      '',
      "The import is timed inside each fresh process; the cold process that searches (import, build the tools, one request that calls `tool_search` once, exit) from spawn to exit. Medians of alternated pairs; the ratio is the median of the pairs' ratios.",
      '',
      ...renderMarkdownTable(
        [
          { header: 'measure' },
          { header: 'ours', align: 'right' },
          { header: 'ai', align: 'right' },
          { header: 'ratio', align: 'right' },
        ],
        processRows,
      ),
    );
  }
  const engines = report.engines ?? [];
  if (engines.length > 0) {
    lines.push(
      '',
      '## Against an independent engine',
      '',
      "Our search divided by an independent engine's (MiniSearch over names and descriptions, identifiers split into words), the same queries, side by side in the same run.",
      '',
      ...renderMarkdownTable(
        [
          { header: 'catalog' },
          { header: 'tools', align: 'right' },
          { header: 'engine' },
          { header: 'search p50', align: 'right' },
          { header: 'search p99', align: 'right' },
        ],
        engines.map((row) => [
          row.catalog,
          formatCount(row.tools),
          row.engine,
          formatRatio(row.search_p50_ratio),
          formatRatio(row.search_p99_ratio),
        ]),
      ),
    );
  }
  return lines;
}

/** A bar chart of ours ÷ plain `ai` per way of holding tools, one bar per catalog size; none without rows. */
export function renderAppPatternsChart(report: BenchReport): { fileName: string; svg: string }[] {
  const rows = report.app_patterns ?? [];
  if (rows.length === 0) return [];
  const sizes = [...new Set(rows.map((row) => row.tools))].sort((left, right) => left - right);
  const highest = Math.max(1, ...rows.map((row) => row.ratio));
  return [
    {
      fileName: APP_PATTERNS_CHART,
      svg: renderSvgBarChart({
        title: "One request, ours ÷ plain ai's with the same tools",
        subtitle: 'warm process, scripted model; below 1 is cheaper than sending every tool',
        xLabel: 'how the app holds its tools',
        yLabel: 'ours ÷ plain ai',
        seriesNames: sizes.map((size) => `${formatCount(size)} tools`),
        groups: APP_HOLDINGS.map((holding) => ({
          label: APP_HOLDING_LABELS[holding],
          values: sizes.map(
            (size) =>
              rows.find((row) => row.holding === holding && row.tools === size)?.ratio ?? null,
          ),
        })),
        // Whole numbers, so the four tick steps fall on quarters.
        yMax: Math.ceil(highest),
        formatValue: (value) => value.toFixed(2),
        width: 860,
      }),
    },
  ];
}
