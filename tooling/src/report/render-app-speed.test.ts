import { describe, expect, it } from 'vitest';
import type { BenchReport } from '../bench/bench-report.js';
import {
  APP_PATTERNS_CHART,
  renderAppPatternsChart,
  renderAppSpeedSection,
} from './render-app-speed.js';
import { renderBenchReport } from './render-bench-report.js';
import { expectWellFormedSvg } from './svg-well-formedness.case.js';

const base: BenchReport = {
  tokens: {},
  builtin_tool_search: { advertised_per_step: [92], steps: 1, tool_list_changes: 0 },
  ours: { advertised_per_step: [1233], steps: 1, tool_list_changes: 0 },
  overhead_ratio: 0.4,
  wrapper_ms_per_request: 0.09,
  fresh_record_ms_per_request: 0.1,
  fresh_record_ratio: 1.1,
  build_ms: {},
  import_ms: null,
  search_ms: {},
  heap_mb_10000: null,
};

const report: BenchReport = {
  ...base,
  app_patterns: [
    { tools: 1000, holding: 'record', ms: 0.43, plain_ai_ms: 2.87, ratio: 0.15 },
    { tools: 1000, holding: 'fresh_objects', ms: 6.012, plain_ai_ms: 4.264, ratio: 1.41 },
    { tools: 10000, holding: 'fresh_objects', ms: 68.5, plain_ai_ms: 59.05, ratio: 1.16 },
  ],
  import_ratio: { ours_ms: 286.2, ai_ms: 108.4, ratio: 2.64 },
  cold_search_process: [{ tools: 1000, ours_ms: 512.3, tool_search_ms: 269.6, ratio: 1.9 }],
  engines: [
    {
      catalog: 'realistic',
      tools: 10000,
      engine: 'minisearch',
      search_p50_ratio: 0.35,
      search_p99_ratio: 0.6,
    },
  ],
};

describe('renderAppSpeedSection', () => {
  it('renders each way of holding tools, the fresh processes and the engines as tables', () => {
    expect(renderAppSpeedSection(report).join('\n')).toMatchInlineSnapshot(`
      "
      ## How the app holds its tools

      One request of a warm process with a scripted model that answers at once, through our \`generateText\` beside plain \`ai\`'s with the same tools held the same way; milliseconds are medians, the ratio is the median over alternated pairs. Fresh tool objects are made before each request, untimed, as \`await mcpClient.tools()\` makes them.

      | tools | holding | ours ms | plain ai ms | ours ÷ plain ai |
      |---:|---|---:|---:|---:|
      | 1,000 | module-level record, reused | 0.430 | 2.870 | 0.150 |
      | 1,000 | fresh tool objects per request | 6.012 | 4.264 | 1.410 |
      | 10,000 | fresh tool objects per request | 68.500 | 59.050 | 1.160 |

      ## Fresh processes (ms)

      The import is timed inside each fresh process; the cold process that searches (import, build the tools, one request that calls \`tool_search\` once, exit) from spawn to exit. Medians of alternated pairs; the ratio is the median of the pairs' ratios.

      | measure | ours | ai | ratio |
      |---|---:|---:|---:|
      | import of the root entry ÷ ai's own import | 286.2 | 108.4 | 2.64x |
      | cold process that searches ÷ ai's toolSearch(), 1,000 tools | 512 | 270 | 1.90x |

      ## Against an independent engine

      Our search divided by an independent engine's (MiniSearch over names and descriptions, identifiers split into words), the same queries, side by side in the same run.

      | catalog | tools | engine | search p50 | search p99 |
      |---|---:|---|---:|---:|
      | realistic | 10,000 | minisearch | 0.35x | 0.60x |"
    `);
  });

  it('renders nothing for a report of an earlier version, and is part of the bench report', () => {
    expect(renderAppSpeedSection(base)).toEqual([]);
    expect(renderAppPatternsChart(base)).toEqual([]);
    expect(renderBenchReport(report).markdown).toContain('## How the app holds its tools');
  });
});

describe('renderAppPatternsChart', () => {
  it('charts ours ÷ plain ai per holding, one bar per size, n/a where not measured', () => {
    const charts = renderBenchReport(report).charts.filter(
      (chart) => chart.fileName === APP_PATTERNS_CHART,
    );
    expect(charts).toHaveLength(1);
    const svg = (charts[0] as { svg: string }).svg;
    expectWellFormedSvg(svg);
    expect(svg).toContain('freezeTools(tools)');
    expect(svg).toContain('1.41');
    expect(svg).toContain('n/a');
    expect(renderAppPatternsChart(report)[0]?.svg).toBe(svg);
  });
});
