import { APP_HOLDING_LABELS } from '../bench/app-holding.js';
import type { BenchReport } from '../bench/bench-report.js';
import { formatRatio } from '../report/format-ratio.js';
import { formatTable } from './format-table.js';

/**
 * What `tool-disclosure bench` prints of what applications pay: our search against
 * the independent engines, each way of holding tools beside plain `ai`, and
 * the import and the cold process that searches against `ai`'s.
 */
export function renderAppSpeedText(report: BenchReport): string[] {
  const lines: string[] = [];
  const engines = report.engines ?? [];
  if (engines.length > 0) {
    lines.push(
      '',
      'Against an independent engine (ours / that engine, side by side in this run):',
      ...indent(
        formatTable([
          ['catalog', 'tools', 'engine', 'search p50', 'search p99'],
          ...engines.map((row) => [
            row.catalog,
            count(row.tools),
            row.engine,
            formatRatio(row.search_p50_ratio),
            formatRatio(row.search_p99_ratio),
          ]),
        ]),
      ),
    );
  }
  const patterns = report.app_patterns ?? [];
  if (patterns.length > 0) {
    lines.push(
      '',
      "How the app holds its tools: one request, ours beside plain ai's with the same tools held the same way (ms, warm):",
      ...indent(
        formatTable([
          ['tools', 'holding', 'ours', 'plain ai', 'ours / plain'],
          ...patterns.map((row) => [
            count(row.tools),
            APP_HOLDING_LABELS[row.holding] ?? row.holding,
            row.ms.toFixed(3),
            row.plain_ai_ms.toFixed(3),
            row.ratio.toFixed(3),
          ]),
        ]),
      ),
    );
  }
  const processRows: string[][] = [];
  if (report.import_ratio != null) {
    const { ours_ms, ai_ms, ratio } = report.import_ratio;
    processRows.push([
      "import of the root entry / ai's own import",
      `${ours_ms.toFixed(1)} / ${ai_ms.toFixed(1)} ms (${formatRatio(ratio)})`,
    ]);
  }
  for (const row of report.cold_search_process ?? []) {
    processRows.push([
      `cold process that searches, ours / ai's toolSearch(), ${count(row.tools)} tools`,
      `${row.ours_ms.toFixed(0)} / ${row.tool_search_ms.toFixed(0)} ms (${formatRatio(row.ratio)})`,
    ]);
  }
  if (processRows.length > 0) {
    lines.push(
      '',
      'Fresh processes (medians of alternated pairs):',
      ...indent(formatTable([['measure', 'value'], ...processRows])),
    );
  }
  return lines;
}

function indent(lines: readonly string[]): string[] {
  return lines.map((line) => `  ${line}`);
}

/** A number with thousands separators. */
function count(value: number): string {
  return value.toLocaleString('en-US');
}
