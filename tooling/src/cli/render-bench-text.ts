import { DISCLOSURE_MODES } from 'tool-disclosure/disclosure';
import type { BenchReport } from '../bench/bench-report.js';
import { BENCH_REFERENCE_SIZE, BENCH_WRAPPER_SCALING_SIZES } from '../bench/bench-sizes.js';
import { MCP_COLD_START_MAX_RATIO } from '../bench/measure-mcp-cold-start.js';
import { DEFAULT_PRICING_PROFILE } from '../bench/pricing-profiles.js';
import { formatRatio } from '../report/format-ratio.js';
import { formatTable } from './format-table.js';
import { renderAppSpeedText } from './render-app-speed-text.js';

/** What `tool-disclosure bench` prints without `--json`: the report's tables, one line each. */
export function renderBenchText(report: BenchReport): string[] {
  const sizes = Object.keys(report.tokens).map(Number);
  const tokenRows = sizes.flatMap((size) =>
    DISCLOSURE_MODES.map((mode) => {
      const { advertised, full } = report.tokens[size]?.[mode] ?? { advertised: 0, full: 0 };
      return [
        count(size),
        mode,
        count(advertised),
        count(full),
        advertised === 0 ? '-' : `${(full / advertised).toFixed(1)}x`,
      ];
    }),
  );
  const task = (name: string, measured: BenchReport['ours']) => [
    name,
    String(measured.steps),
    measured.advertised_per_step.map(count).join(' / '),
    count(measured.advertised_per_step.reduce((sum, tokens) => sum + tokens, 0)),
    String(measured.tool_list_changes),
  ];
  return [
    'tool-disclosure bench (timings are machine-dependent)',
    '',
    'Tokens of the tool definitions sent per step, against the full catalog:',
    ...indent(formatTable([['tools', 'mode', 'advertised', 'full', 'fewer'], ...tokenRows])),
    '',
    `Scripted task at ${count(BENCH_REFERENCE_SIZE)} tools (search for a tool, call it, answer):`,
    ...indent(
      formatTable([
        ['surface', 'steps', 'tokens sent per step', 'total', 'tool list changes'],
        task("ai's toolSearch() + deferLoading", report.builtin_tool_search),
        task('tool-disclosure (namespaces)', report.ours),
      ]),
    ),
    '',
    'Cold start and search (ms):',
    ...indent(
      formatTable([
        ['tools', 'build', 'search p50', 'search p99'],
        ...sizes.map((size) => [
          count(size),
          (report.build_ms[size] ?? 0).toFixed(1),
          (report.search_ms[size]?.p50 ?? 0).toFixed(3),
          (report.search_ms[size]?.p99 ?? 0).toFixed(3),
        ]),
      ]),
    ),
    '',
    ...indent(
      formatTable([
        ['measure', 'value'],
        [
          `overhead ratio (wrapped / unwrapped step, ${count(BENCH_REFERENCE_SIZE)} tools)`,
          report.overhead_ratio.toFixed(3),
        ],
        ['wrapper ms per request (warm cache)', report.wrapper_ms_per_request.toFixed(4)],
        [
          'wrapper ms per request (fresh record, same tools)',
          report.fresh_record_ms_per_request.toFixed(4),
        ],
        ['fresh record / warm (ratio)', report.fresh_record_ratio.toFixed(3)],
        [
          'package import ms',
          report.import_ms === null ? 'n/a (run npm run build)' : report.import_ms.toFixed(1),
        ],
        [
          'index heap MB at 10,000 tools',
          report.heap_mb_10000 === null
            ? 'n/a (10000 not in --sizes)'
            : report.heap_mb_10000.toFixed(1),
        ],
      ]),
    ),
    ...stepCostLines(report),
    '',
    'Against the floor engine (ours / a plain inverted-index BM25, side by side in this run):',
    ...indent(
      formatTable([
        ['catalog', 'tools', 'search p50', 'search p99', 'build', 'heap'],
        ...(report.floor ?? []).map((row) => [
          row.catalog,
          count(row.tools),
          formatRatio(row.search_p50_ratio),
          formatRatio(row.search_p99_ratio),
          formatRatio(row.build_ratio),
          formatRatio(row.heap_ratio),
        ]),
      ]),
    ),
    ...renderAppSpeedText(report),
    '',
    'Worst cases and scaling:',
    ...indent(formatTable([['measure', 'value'], ...worstCaseRows(report)])),
    ...mcpColdStartLines(report),
    ...costModelLines(report),
    ...costPerTaskLines(report),
  ];
}

/** One model step through our generateText beside plain ai's, per catalog kind and size. */
function stepCostLines(report: BenchReport): string[] {
  const rows = report.step_cost ?? [];
  if (rows.length === 0) return [];
  return [
    '',
    "One step beside plain ai's, same tools, every tool given to plain ai (ms per step, warm):",
    ...indent(
      formatTable([
        ['schemas', 'tools', 'ours', 'plain ai', 'ours / plain'],
        ...rows.map((row) => [
          row.catalog === 'zod' ? 'zod' : 'JSON Schema',
          count(row.tools),
          row.ours_ms_per_step.toFixed(3),
          row.plain_ai_ms_per_step.toFixed(3),
          row.ratio.toFixed(4),
        ]),
      ]),
    ),
  ];
}

/** The MCP cold start: live listing against a snapshot, and its gate. */
function mcpColdStartLines(report: BenchReport): string[] {
  const measured = report.mcp_cold_start;
  if (measured == null) return [];
  const passes = measured.ratio <= MCP_COLD_START_MAX_RATIO;
  return [
    '',
    `Cold start over ${measured.servers} stdio MCP servers, ${count(measured.tools)} tools (ms, median of ${measured.repetitions}):`,
    ...indent(
      formatTable([
        ['tools from', 'ms', 'of live'],
        ['live listing', measured.live_ms.toFixed(2), '1'],
        [
          `snapshot (${count(measured.snapshot_bytes)} bytes)`,
          measured.snapshot_ms.toFixed(3),
          measured.ratio.toFixed(4),
        ],
      ]),
    ),
    `  gate: snapshot <= ${MCP_COLD_START_MAX_RATIO} of live: ${passes ? 'pass' : 'FAIL'}`,
  ];
}

/** The cost model's rows, one table per pricing profile, the default profile first. */
function costModelLines(report: BenchReport): string[] {
  const rows = report.cost_model ?? [];
  const profiles = [...new Set(rows.map((row) => row.pricing))].sort(
    (left, right) =>
      Number(right === DEFAULT_PRICING_PROFILE) - Number(left === DEFAULT_PRICING_PROFILE),
  );
  return profiles.flatMap((profile) => [
    '',
    `Cost over long runs, pricing ${profile} (billed input in base-input token-equivalents):`,
    ...indent(
      formatTable([
        ['arm', 'tools', 'steps', 'input tokens', 'cached', 'billed input'],
        ...rows
          .filter((row) => row.pricing === profile)
          .map((row) => [
            row.arm,
            count(row.tools),
            String(row.steps),
            count(row.input_tokens),
            count(row.cached_tokens),
            count(Math.round(row.billed_input)),
          ]),
      ]),
    ),
  ]);
}

/** The retrieval-driven cost model: tasks completed per set and arm, then billed input per completed task per profile. */
function costPerTaskLines(report: BenchReport): string[] {
  const rows = report.cost_per_task ?? [];
  const first = rows[0];
  if (first === undefined) return [];
  const profiles = [...new Set(rows.map((row) => row.pricing))].sort(
    (left, right) =>
      Number(right === DEFAULT_PRICING_PROFILE) - Number(left === DEFAULT_PRICING_PROFILE),
  );
  const perTask = (value: number | null, digits: number) =>
    value === null ? 'n/a' : digits === 0 ? count(Math.round(value)) : value.toFixed(digits);
  return [
    '',
    'Cost per completed task, retrieval-driven: tasks completed (every request of each judged set):',
    ...indent(
      formatTable([
        ['set', 'tools', 'arm', 'tasks', 'no match', 'completed', 'searches per completed'],
        ...rows
          .filter(
            (row) =>
              row.requests === first.requests &&
              row.cache === first.cache &&
              row.pricing === first.pricing,
          )
          .map((row) => [
            row.set,
            count(row.tools),
            row.arm,
            count(row.tasks),
            count(row.no_match),
            count(row.completed),
            perTask(row.searches, 2),
          ]),
      ]),
    ),
    ...profiles.flatMap((profile) => [
      '',
      `Cost per completed task, pricing ${profile} (billed input per completed task, base-input token-equivalents):`,
      ...indent(
        formatTable([
          ['set', 'tools', 'requests', 'cache', 'arm', 'billed input'],
          ...rows
            .filter((row) => row.pricing === profile)
            .map((row) => [
              row.set,
              count(row.tools),
              String(row.requests),
              row.cache,
              row.arm,
              perTask(row.billed_input, 0),
            ]),
        ]),
      ),
    ]),
  ];
}

function worstCaseRows(report: BenchReport): string[][] {
  const rows: string[][] = [];
  const { adversarial, wrapper_scaling, long_descriptions, cold_process } = report;
  if (adversarial !== undefined) {
    rows.push(
      [`adversarial worst ms (${count(adversarial.tools)} tools)`, adversarial.worst_ms.toFixed(3)],
      ['adversarial worst / floor p99', formatRatio(adversarial.worst_ratio_to_floor_p99)],
      ['adversarial worst query', JSON.stringify(adversarial.worst_query).slice(0, 50)],
    );
  }
  const { small, large } = BENCH_WRAPPER_SCALING_SIZES;
  rows.push([
    `warm wrapper ms per request, ${count(small)} / ${count(large)} tools`,
    wrapper_scaling == null
      ? `n/a (${large} not in --sizes)`
      : `${wrapper_scaling.ms_100.toFixed(4)} / ${wrapper_scaling.ms_10000.toFixed(4)} (${formatRatio(wrapper_scaling.ratio)})`,
  ]);
  for (const row of cold_process ?? []) {
    rows.push([
      `cold process without a search, ours / plain ai, ${count(row.tools)} tools`,
      `${row.ours_ms.toFixed(0)} / ${row.plain_ms.toFixed(0)} ms (${formatRatio(row.ratio)})`,
    ]);
  }
  if (long_descriptions != null) {
    rows.push([
      `index build, ${count(long_descriptions.tools)} tools with 64 KB descriptions / ordinary`,
      `${long_descriptions.long_build_ms.toFixed(1)} / ${long_descriptions.ordinary_build_ms.toFixed(1)} ms (${formatRatio(long_descriptions.ratio)})`,
    ]);
  }
  return rows;
}

function indent(lines: readonly string[]): string[] {
  return lines.map((line) => `  ${line}`);
}

/** A number with thousands separators. */
function count(value: number): string {
  return value.toLocaleString('en-US');
}
