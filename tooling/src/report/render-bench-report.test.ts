import { describe, expect, it } from 'vitest';
import type { BenchReport } from '../bench/bench-report.js';
import type { CostModelRow } from '../bench/measure-cost-model.js';
import { renderBenchReport, TOKENS_BY_SIZE_CHART } from './render-bench-report.js';
import { costChartFileName } from './render-cost-model.js';
import { expectWellFormedSvg } from './svg-well-formedness.case.js';

const tokens = (advertised: number, full: number) => ({ advertised, full });

const report: BenchReport = {
  tokens: {
    1000: {
      off: tokens(69_016, 69_016),
      compact: tokens(1381, 69_016),
      signatures: tokens(1381, 69_016),
      namespaces: tokens(1233, 69_016),
      bridged: tokens(1233, 69_016),
    },
    10: {
      off: tokens(893, 893),
      compact: tokens(893, 893),
      signatures: tokens(893, 893),
      namespaces: tokens(893, 893),
      bridged: tokens(893, 893),
    },
  },
  builtin_tool_search: { advertised_per_step: [92, 625, 625], steps: 3, tool_list_changes: 1 },
  ours: { advertised_per_step: [1233, 1233, 1233], steps: 3, tool_list_changes: 0 },
  overhead_ratio: 0.4321,
  wrapper_ms_per_request: 0.09234,
  fresh_record_ms_per_request: 0.1532,
  fresh_record_ratio: 1.659,
  build_ms: { 10: 14.84, 1000: 136.7 },
  import_ms: null,
  search_ms: { 10: { p50: 0.1694, p99: 4.2861 }, 1000: { p50: 0.205, p99: 1.45 } },
  heap_mb_10000: null,
};

describe('renderBenchReport', () => {
  it('renders tokens per size and mode, toolSearch against ours, overhead and latency', () => {
    expect(renderBenchReport(report).markdown).toMatchInlineSnapshot(`
      "# tool-disclosure bench

      Timings are machine-dependent; token counts are not.

      ## Tokens of the tool definitions sent per step

      "fewer" is the reduction factor against advertising the full catalog (mode \`off\`).

      | tools | mode | advertised | full | fewer |
      |---:|---|---:|---:|---:|
      | 10 | off | 893 | 893 | 1.0x |
      | 10 | compact | 893 | 893 | 1.0x |
      | 10 | signatures | 893 | 893 | 1.0x |
      | 10 | namespaces | 893 | 893 | 1.0x |
      | 10 | bridged | 893 | 893 | 1.0x |
      | 1,000 | off | 69,016 | 69,016 | 1.0x |
      | 1,000 | compact | 1,381 | 69,016 | 50.0x |
      | 1,000 | signatures | 1,381 | 69,016 | 50.0x |
      | 1,000 | namespaces | 1,233 | 69,016 | 56.0x |
      | 1,000 | bridged | 1,233 | 69,016 | 56.0x |

      ## The AI SDK's toolSearch() against tool-disclosure, scripted task at 1,000 tools

      Search for a tool, call it, answer. A change of the tool list between steps breaks the prompt cache.

      | surface | steps | tokens sent per step | total | tool list changes |
      |---|---:|---:|---:|---:|
      | ai's toolSearch() + deferLoading | 3 | 92 / 625 / 625 | 1,342 | 1 |
      | tool-disclosure (namespaces) | 3 | 1,233 / 1,233 / 1,233 | 3,699 | 0 |

      ## Overhead, import time and heap

      | measure | value |
      |---|---:|
      | overhead ratio (wrapped / unwrapped generateText step, 1,000 tools) | 0.432 |
      | wrapper ms per request (warm cache) | 0.0923 |
      | wrapper ms per request (fresh record, same tools) | 0.1532 |
      | fresh record / warm (ratio) | 1.659 |
      | package import ms | not measured (no dist/) |
      | index heap MB at 10,000 tools | not measured (10,000 not in --sizes) |

      ## Cold start and search latency (ms)

      | tools | catalog + index build | search p50 | search p99 |
      |---:|---:|---:|---:|
      | 10 | 14.8 | 0.169 | 4.286 |
      | 1,000 | 136.7 | 0.205 | 1.450 |
      "
    `);
  });

  it('renders the floor ratios, the adversarial worst case, wrapper scaling and cold search when present', () => {
    const markdown = renderBenchReport({
      ...report,
      floor: [
        {
          catalog: 'bench',
          tools: 1000,
          search_p50_ratio: 28.04,
          search_p99_ratio: 9.5,
          build_ratio: 1.8,
          heap_ratio: 2.95,
        },
        {
          catalog: 'realistic',
          tools: 10000,
          search_p50_ratio: 341,
          search_p99_ratio: 125,
          build_ratio: 4.6,
          heap_ratio: 7.2,
        },
      ],
      adversarial: {
        tools: 10000,
        worst_ms: 26012.5,
        worst_ratio_to_floor_p99: 3096.73,
        worst_query: 'records. | records. `x`',
      },
      wrapper_scaling: null,
      cold_search_ratio: { tools_1000: 2.41, tools_10000: null },
      cold_process: [{ tools: 1000, plain_ms: 203.8, ours_ms: 287.1, ratio: 1.409 }],
      long_descriptions: {
        tools: 1000,
        description_bytes: 65536,
        ordinary_build_ms: 96.8,
        long_build_ms: 358.9,
        ratio: 3.71,
      },
    }).markdown;
    expect(markdown.slice(markdown.indexOf('## Against the floor engine'))).toMatchInlineSnapshot(`
      "## Against the floor engine

      Ours divided by a plain inverted-index BM25 written for the benchmark, side by side in the same run.

      | catalog | tools | search p50 | search p99 | build | index heap |
      |---|---:|---:|---:|---:|---:|
      | bench | 1,000 | 28.04x | 9.50x | 1.80x | 2.95x |
      | realistic | 10,000 | 341.00x | 125.00x | 4.60x | 7.20x |

      ## Worst cases and scaling

      | measure | value |
      |---|---:|
      | adversarial worst query ms (10,000 tools) | 26012.500 |
      | adversarial worst / the floor's p99 on ordinary queries | 3096.73x |
      | adversarial worst query | \`"records. \\| records. 'x'"\` |
      | warm wrapper ms per request, 100 / 10,000 tools | not measured (10,000 not in --sizes) |
      | cold request that searches / ai's toolSearch(), 1,000 tools | 2.41x |
      | cold request that searches / ai's toolSearch(), 10,000 tools | not measured (10,000 not in --sizes) |
      | cold process without a search ms, ours / plain ai, 1,000 tools | 287 / 204 (1.41x) |
      | index build ms, 1,000 tools with 64 KB descriptions / ordinary | 358.9 / 96.8 (3.71x) |
      "
    `);
  });

  it("renders one step beside plain ai's per catalog kind and size, and nothing without rows", () => {
    const step_cost = [
      {
        catalog: 'zod' as const,
        tools: 1000,
        steps: 3,
        ours_ms_per_step: 1.262,
        plain_ai_ms_per_step: 42.516,
        ratio: 0.0297,
      },
      {
        catalog: 'json_schema' as const,
        tools: 10000,
        steps: 3,
        ours_ms_per_step: 1.825,
        plain_ai_ms_per_step: 25.291,
        ratio: 0.0722,
      },
    ];
    const { markdown } = renderBenchReport({ ...report, step_cost });
    const start = markdown.indexOf("## One step beside plain ai's");
    expect(markdown.slice(start, markdown.indexOf('\n## ', start + 1))).toMatchInlineSnapshot(`
      "## One step beside plain ai's

      Warm runs of 3 model calls with a scripted model: ours searches, calls a deferred tool through \`tool_call\` and answers; plain \`ai\`'s \`generateText\` is given every tool, calls the same tool twice and answers. Milliseconds per step; the ratio is the median over alternated pairs.

      | schemas | tools | ours ms/step | plain ai ms/step | ours ÷ plain |
      |---|---:|---:|---:|---:|
      | zod | 1,000 | 1.262 | 42.516 | 0.0297 |
      | JSON Schema | 10,000 | 1.825 | 25.291 | 0.0722 |
      "
    `);
    expect(renderBenchReport({ ...report, step_cost: [] }).markdown).not.toContain(
      'One step beside',
    );
  });

  it('renders the MCP cold start, live listing against a snapshot, with its gate', () => {
    const mcp = {
      servers: 3,
      tools: 15,
      snapshot_bytes: 9876,
      repetitions: 11,
      live_ms: 412.5,
      snapshot_ms: 3.25,
      ratio: 0.0079,
    };
    const { markdown } = renderBenchReport({ ...report, mcp_cold_start: mcp });
    const start = markdown.indexOf('## Cold start over');
    const section = markdown.slice(start, markdown.indexOf('\n## ', start + 1));
    expect(section).toMatchInlineSnapshot(`
      "## Cold start over 3 stdio MCP servers (ms)

      The first wrapped request of a cold function over 15 MCP tools: listing them live (start and connect every server, list) against reading a snapshot of 9,876 bytes; medians of 11 runs each.

      | tools from | ms | of live |
      |---|---:|---:|
      | live listing | 412.50 | 1 |
      | snapshot | 3.250 | 0.0079 |

      Gate: snapshot at most 0.2 of live: passes (0.0079)."
    `);
    expect(
      renderBenchReport({ ...report, mcp_cold_start: { ...mcp, ratio: 0.25 } }).markdown,
    ).toContain('Gate: snapshot at most 0.2 of live: fails (0.2500).');
    expect(renderBenchReport({ ...report, mcp_cold_start: null }).markdown).not.toContain('MCP');
  });

  it('renders the search index built against loaded from a saved index, per size', () => {
    const index_load = [
      { tools: 1000, build_ms: 28.04, load_ms: 11.5, ratio: 0.41, snapshot_bytes: 1152087 },
      { tools: 10000, build_ms: 257.1, load_ms: 110.25, ratio: 0.43, snapshot_bytes: 9530521 },
    ];
    const { markdown } = renderBenchReport({ ...report, index_load });
    const start = markdown.indexOf('## Search index at a cold start');
    const end = markdown.indexOf('\n## ', start + 1);
    expect(markdown.slice(start, end === -1 ? undefined : end)).toMatchInlineSnapshot(`
      "## Search index at a cold start (ms)

      The default ranker's index built from the catalog against parsed from a saved index's JSON text and loaded; medians of alternating pairs.

      | tools | build | parse + load | load / build | saved bytes |
      |---:|---:|---:|---:|---:|
      | 1,000 | 28.04 | 11.50 | 0.41x | 1,152,087 |
      | 10,000 | 257.10 | 110.25 | 0.43x | 9,530,521 |
      "
    `);
    expect(renderBenchReport({ ...report, index_load: [] }).markdown).not.toContain(
      'Search index at a cold start',
    );
  });

  it('charts advertised tokens against size, one line per mode, deterministically', () => {
    const { charts } = renderBenchReport(report);
    expect(charts.map((chart) => chart.fileName)).toEqual([TOKENS_BY_SIZE_CHART]);
    const svg = charts[0]?.svg as string;
    expectWellFormedSvg(svg);
    expect(svg.match(/<polyline /g)).toHaveLength(5);
    for (const mode of ['off (full catalog)', 'compact', 'signatures', 'namespaces', 'bridged']) {
      expect(svg).toContain(`>${mode}</text>`);
    }
    expect(renderBenchReport(structuredClone(report)).charts[0]?.svg).toBe(svg);
  });

  it('renders the cost model: billed input per arm and profile, the cheapest arm, tokens, one chart per profile', () => {
    const row = (
      arm: CostModelRow['arm'],
      steps: number,
      pricing: string,
      billed_input: number,
    ): CostModelRow => ({
      arm,
      tools: 1000,
      steps,
      pricing,
      input_tokens: billed_input * 4,
      cached_tokens: billed_input * 3,
      billed_input,
    });
    const cost_model = ['anthropic', 'openai'].flatMap((pricing) =>
      [5, 20].flatMap((steps) => [
        row('full', steps, pricing, steps * 20_000),
        row('ai_tool_search', steps, pricing, steps === 5 ? 3700 : 45_000),
        row('namespaces', steps, pricing, steps === 5 ? 6900 : 36_000),
        row('promote', steps, pricing, steps === 5 ? 9000 : 70_000),
      ]),
    );
    const rendered = renderBenchReport({
      ...report,
      cost_model,
      cost_model_pricing: {
        anthropic: { cache_read: 0.1, cache_write: 1.25 },
        openai: { cache_read: 0.1, cache_write: 1 },
      },
    });
    const { markdown } = rendered;
    expect(markdown.slice(markdown.indexOf('### Pricing `openai`'))).toMatchInlineSnapshot(`
      "### Pricing \`openai\` (cache read 0.1x, cache write 1x)

      | tools | steps | full | ai_tool_search | namespaces | promote | cheapest | ours ÷ best peer |
      |---:|---:|---:|---:|---:|---:|---|---:|
      | 1,000 | 5 | 100,000 | 3,700 | 6,900 | 9,000 | ai_tool_search | 1.86x |
      | 1,000 | 20 | 400,000 | 45,000 | 36,000 | 70,000 | namespaces | 0.80x |

      ### Input and cached tokens per run

      | tools | steps | arm | input tokens | cached (shared prefix) | cached share |
      |---:|---:|---|---:|---:|---:|
      | 1,000 | 5 | full | 400,000 | 300,000 | 75.0% |
      | 1,000 | 5 | ai_tool_search | 14,800 | 11,100 | 75.0% |
      | 1,000 | 5 | namespaces | 27,600 | 20,700 | 75.0% |
      | 1,000 | 5 | promote | 36,000 | 27,000 | 75.0% |
      | 1,000 | 20 | full | 1,600,000 | 1,200,000 | 75.0% |
      | 1,000 | 20 | ai_tool_search | 180,000 | 135,000 | 75.0% |
      | 1,000 | 20 | namespaces | 144,000 | 108,000 | 75.0% |
      | 1,000 | 20 | promote | 280,000 | 210,000 | 75.0% |
      "
    `);
    expect(markdown).toContain('### Pricing `anthropic` (cache read 0.1x, cache write 1.25x)');
    expect(rendered.charts.map((chart) => chart.fileName)).toEqual([
      TOKENS_BY_SIZE_CHART,
      costChartFileName('anthropic'),
      costChartFileName('openai'),
    ]);
    const svg = rendered.charts[1]?.svg as string;
    expectWellFormedSvg(svg);
    expect(svg.match(/<polyline /g)).toHaveLength(4);
    expect(svg).toContain('>ai_tool_search, 1,000 tools</text>');
    expect(costChartFileName('My Profile/2')).toBe('cost-by-steps-my-profile-2.svg');
  });
});
