import { DISCLOSURE_MODES } from 'tool-disclosure/disclosure';
import type { BenchReport } from '../bench/bench-report.js';
import { MCP_COLD_START_MAX_RATIO } from '../bench/measure-mcp-cold-start.js';
import { formatCount } from './format-count.js';
import { formatRatio } from './format-ratio.js';
import { renderMarkdownTable } from './markdown-table.js';
import { renderAppPatternsChart, renderAppSpeedSection } from './render-app-speed.js';
import { renderCostCharts, renderCostSection } from './render-cost-model.js';
import { renderCostPerTaskCharts, renderCostPerTaskSection } from './render-cost-per-task.js';
import type { RenderedReport } from './rendered-report.js';
import { renderSvgLineChart } from './svg-line-chart.js';

/** The file name of the bench chart of advertised tokens against catalog size. */
export const TOKENS_BY_SIZE_CHART = 'tokens-by-size.svg';

/** The catalog size of bench's scripted task and overhead runs (`BENCH_REFERENCE_SIZE`). */
const referenceSize = 1000;

/**
 * Renders `bench --json` output as Markdown tables (tokens per size and mode,
 * the built-in toolSearch against ours, overhead, cold start and search, and,
 * when the report has them, the floor ratios, worst cases and scaling) and a
 * log-log chart of advertised tokens against catalog size per mode.
 */
export function renderBenchReport(report: BenchReport): RenderedReport {
  const sizes = Object.keys(report.tokens)
    .map(Number)
    .sort((left, right) => left - right);
  const modes = DISCLOSURE_MODES.filter((mode) =>
    sizes.some((size) => report.tokens[size]?.[mode] !== undefined),
  );
  const tokenRows = sizes.flatMap((size) =>
    modes.map((mode) => {
      const tokens = report.tokens[size]?.[mode];
      if (tokens === undefined) return [formatCount(size), mode, 'n/a', 'n/a', 'n/a'];
      return [
        formatCount(size),
        mode,
        formatCount(tokens.advertised),
        formatCount(tokens.full),
        tokens.advertised > 0 ? `${(tokens.full / tokens.advertised).toFixed(1)}x` : 'n/a',
      ];
    }),
  );
  const task = (surface: string, measured: BenchReport['ours']) => [
    surface,
    String(measured.steps),
    measured.advertised_per_step.map(formatCount).join(' / '),
    formatCount(measured.advertised_per_step.reduce((sum, tokens) => sum + tokens, 0)),
    String(measured.tool_list_changes),
  ];
  const lines = [
    '# tool-disclosure bench',
    '',
    'Timings are machine-dependent; token counts are not.',
    '',
    '## Tokens of the tool definitions sent per step',
    '',
    '"fewer" is the reduction factor against advertising the full catalog (mode `off`).',
    '',
    ...renderMarkdownTable(
      [
        { header: 'tools', align: 'right' },
        { header: 'mode' },
        { header: 'advertised', align: 'right' },
        { header: 'full', align: 'right' },
        { header: 'fewer', align: 'right' },
      ],
      tokenRows,
    ),
    '',
    `## The AI SDK's toolSearch() against tool-disclosure, scripted task at ${formatCount(referenceSize)} tools`,
    '',
    'Search for a tool, call it, answer. A change of the tool list between steps breaks the prompt cache.',
    '',
    ...renderMarkdownTable(
      [
        { header: 'surface' },
        { header: 'steps', align: 'right' },
        { header: 'tokens sent per step', align: 'right' },
        { header: 'total', align: 'right' },
        { header: 'tool list changes', align: 'right' },
      ],
      [
        task("ai's toolSearch() + deferLoading", report.builtin_tool_search),
        task('tool-disclosure (namespaces)', report.ours),
      ],
    ),
    '',
    '## Overhead, import time and heap',
    '',
    ...renderMarkdownTable(
      [{ header: 'measure' }, { header: 'value', align: 'right' }],
      [
        [
          `overhead ratio (wrapped / unwrapped generateText step, ${formatCount(referenceSize)} tools)`,
          report.overhead_ratio.toFixed(3),
        ],
        ['wrapper ms per request (warm cache)', report.wrapper_ms_per_request.toFixed(4)],
        ...(report.fresh_record_ms_per_request === undefined
          ? []
          : [
              [
                'wrapper ms per request (fresh record, same tools)',
                report.fresh_record_ms_per_request.toFixed(4),
              ],
              ['fresh record / warm (ratio)', (report.fresh_record_ratio ?? 0).toFixed(3)],
            ]),
        [
          'package import ms',
          report.import_ms === null ? 'not measured (no dist/)' : report.import_ms.toFixed(1),
        ],
        [
          'index heap MB at 10,000 tools',
          report.heap_mb_10000 === null
            ? 'not measured (10,000 not in --sizes)'
            : report.heap_mb_10000.toFixed(1),
        ],
      ],
    ),
    ...renderStepCostSection(report),
    '',
    '## Cold start and search latency (ms)',
    '',
    ...renderMarkdownTable(
      [
        { header: 'tools', align: 'right' },
        { header: 'catalog + index build', align: 'right' },
        { header: 'search p50', align: 'right' },
        { header: 'search p99', align: 'right' },
      ],
      sizes.map((size) => [
        formatCount(size),
        fixed(report.build_ms[size], 1),
        fixed(report.search_ms[size]?.p50, 3),
        fixed(report.search_ms[size]?.p99, 3),
      ]),
    ),
    ...renderMcpColdStartSection(report),
    ...renderIndexLoadSection(report),
    ...renderFloorSection(report),
    ...renderAppSpeedSection(report),
    ...renderCostSection(report),
    ...renderCostPerTaskSection(report),
  ];
  const svg = renderSvgLineChart({
    title: 'Tool definition tokens sent per step, by catalog size',
    xLabel: 'tools in the catalog (log scale)',
    yLabel: 'advertised tokens per step (log scale)',
    series: modes.map((mode) => ({
      name: mode === 'off' ? 'off (full catalog)' : mode,
      points: sizes.flatMap((size) => {
        const tokens = report.tokens[size]?.[mode];
        return tokens === undefined ? [] : [{ x: size, y: tokens.advertised }];
      }),
    })),
  });
  return {
    markdown: `${lines.join('\n')}\n`,
    charts: [
      { fileName: TOKENS_BY_SIZE_CHART, svg },
      ...renderCostCharts(report),
      ...renderCostPerTaskCharts(report),
      ...renderAppPatternsChart(report),
    ],
  };
}

/** One model step through our generateText beside plain ai's, per catalog kind and size. */
function renderStepCostSection(report: BenchReport): string[] {
  const rows = report.step_cost ?? [];
  if (rows.length === 0) return [];
  const steps = [...new Set(rows.map((row) => row.steps))].join(' or ');
  return [
    '',
    "## One step beside plain ai's",
    '',
    `Warm runs of ${steps} model calls with a scripted model: ours searches, calls a deferred tool through \`tool_call\` and answers; plain \`ai\`'s \`generateText\` is given every tool, calls the same tool twice and answers. Milliseconds per step; the ratio is the median over alternated pairs.`,
    '',
    ...renderMarkdownTable(
      [
        { header: 'schemas' },
        { header: 'tools', align: 'right' },
        { header: 'ours ms/step', align: 'right' },
        { header: 'plain ai ms/step', align: 'right' },
        { header: 'ours ÷ plain', align: 'right' },
      ],
      rows.map((row) => [
        row.catalog === 'zod' ? 'zod' : 'JSON Schema',
        formatCount(row.tools),
        row.ours_ms_per_step.toFixed(3),
        row.plain_ai_ms_per_step.toFixed(3),
        row.ratio.toFixed(4),
      ]),
    ),
  ];
}

/** The search index built against loaded from a saved index, for reports that carry it. */
function renderIndexLoadSection(report: BenchReport): string[] {
  const rows = report.index_load ?? [];
  if (rows.length === 0) return [];
  return [
    '',
    '## Search index at a cold start (ms)',
    '',
    "The default ranker's index built from the catalog against parsed from a saved index's JSON text and loaded; medians of alternating pairs.",
    '',
    ...renderMarkdownTable(
      [
        { header: 'tools', align: 'right' },
        { header: 'build', align: 'right' },
        { header: 'parse + load', align: 'right' },
        { header: 'load / build', align: 'right' },
        { header: 'saved bytes', align: 'right' },
      ],
      rows.map((row) => [
        formatCount(row.tools),
        row.build_ms.toFixed(2),
        row.load_ms.toFixed(2),
        formatRatio(row.ratio),
        formatCount(row.snapshot_bytes),
      ]),
    ),
  ];
}

/** The cold request over MCP servers, live listing against a snapshot, for reports that carry it. */
function renderMcpColdStartSection(report: BenchReport): string[] {
  const measured = report.mcp_cold_start;
  if (measured == null) return [];
  const passes = measured.ratio <= MCP_COLD_START_MAX_RATIO;
  return [
    '',
    `## Cold start over ${measured.servers} stdio MCP servers (ms)`,
    '',
    `The first wrapped request of a cold function over ${formatCount(measured.tools)} MCP tools: listing them live (start and connect every server, list) against reading a snapshot of ${formatCount(measured.snapshot_bytes)} bytes; medians of ${measured.repetitions} runs each.`,
    '',
    ...renderMarkdownTable(
      [
        { header: 'tools from' },
        { header: 'ms', align: 'right' },
        { header: 'of live', align: 'right' },
      ],
      [
        ['live listing', measured.live_ms.toFixed(2), '1'],
        ['snapshot', measured.snapshot_ms.toFixed(3), measured.ratio.toFixed(4)],
      ],
    ),
    '',
    `Gate: snapshot at most ${MCP_COLD_START_MAX_RATIO} of live: ${passes ? 'passes' : 'fails'} (${measured.ratio.toFixed(4)}).`,
  ];
}

/** The floor comparison, worst cases and scaling, for reports that carry them. */
function renderFloorSection(report: BenchReport): string[] {
  const lines: string[] = [];
  if (report.floor !== undefined) {
    lines.push(
      '',
      '## Against the floor engine',
      '',
      'Ours divided by a plain inverted-index BM25 written for the benchmark, side by side in the same run.',
      '',
      ...renderMarkdownTable(
        [
          { header: 'catalog' },
          { header: 'tools', align: 'right' },
          { header: 'search p50', align: 'right' },
          { header: 'search p99', align: 'right' },
          { header: 'build', align: 'right' },
          { header: 'index heap', align: 'right' },
        ],
        report.floor.map((row) => [
          row.catalog,
          formatCount(row.tools),
          formatRatio(row.search_p50_ratio),
          formatRatio(row.search_p99_ratio),
          formatRatio(row.build_ratio),
          formatRatio(row.heap_ratio),
        ]),
      ),
    );
  }
  const rows: string[][] = [];
  const { adversarial, wrapper_scaling, cold_search_ratio, long_descriptions, cold_process } =
    report;
  if (adversarial !== undefined) {
    rows.push(
      [
        `adversarial worst query ms (${formatCount(adversarial.tools)} tools)`,
        adversarial.worst_ms.toFixed(3),
      ],
      [
        "adversarial worst / the floor's p99 on ordinary queries",
        formatRatio(adversarial.worst_ratio_to_floor_p99),
      ],
      [
        'adversarial worst query',
        `\`${JSON.stringify(adversarial.worst_query).replaceAll('`', "'")}\``,
      ],
    );
  }
  if (wrapper_scaling !== undefined) {
    rows.push([
      'warm wrapper ms per request, 100 / 10,000 tools',
      wrapper_scaling === null
        ? 'not measured (10,000 not in --sizes)'
        : `${wrapper_scaling.ms_100.toFixed(4)} / ${wrapper_scaling.ms_10000.toFixed(4)} (${formatRatio(wrapper_scaling.ratio)})`,
    ]);
  }
  if (cold_search_ratio !== undefined) {
    for (const [tools, ratio] of [
      [1000, cold_search_ratio.tools_1000],
      [10000, cold_search_ratio.tools_10000],
    ] as const) {
      rows.push([
        `cold request that searches / ai's toolSearch(), ${formatCount(tools)} tools`,
        ratio === null ? `not measured (${formatCount(tools)} not in --sizes)` : formatRatio(ratio),
      ]);
    }
  }
  for (const row of cold_process ?? []) {
    rows.push([
      `cold process without a search ms, ours / plain ai, ${formatCount(row.tools)} tools`,
      `${row.ours_ms.toFixed(0)} / ${row.plain_ms.toFixed(0)} (${formatRatio(row.ratio)})`,
    ]);
  }
  if (long_descriptions != null) {
    rows.push([
      `index build ms, ${formatCount(long_descriptions.tools)} tools with 64 KB descriptions / ordinary`,
      `${long_descriptions.long_build_ms.toFixed(1)} / ${long_descriptions.ordinary_build_ms.toFixed(1)} (${formatRatio(long_descriptions.ratio)})`,
    ]);
  }
  if (rows.length > 0) {
    lines.push(
      '',
      '## Worst cases and scaling',
      '',
      ...renderMarkdownTable([{ header: 'measure' }, { header: 'value', align: 'right' }], rows),
    );
  }
  return lines;
}

function fixed(value: number | undefined, digits: number): string {
  return value === undefined ? 'n/a' : value.toFixed(digits);
}
