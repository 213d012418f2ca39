import { describe, expect, it } from 'vitest';
import type { BenchReport } from '../bench/bench-report.js';
import type { CostPerTaskRow } from '../bench/measure-cost-per-task.js';
import { renderBenchReport } from './render-bench-report.js';
import {
  costPerTaskChartFileName,
  pooledBilledInput,
  renderCostPerTaskCharts,
  renderCostPerTaskSection,
} from './render-cost-per-task.js';
import { expectWellFormedSvg } from './svg-well-formedness.case.js';

const task = { advertised_per_step: [100], steps: 1, tool_list_changes: 0 };
const report: BenchReport = {
  tokens: {},
  builtin_tool_search: task,
  ours: task,
  overhead_ratio: 0.1,
  wrapper_ms_per_request: 0.08,
  fresh_record_ms_per_request: 0.08,
  fresh_record_ratio: 1,
  build_ms: {},
  import_ms: null,
  search_ms: {},
  heap_mb_10000: null,
  cost_model_pricing: { anthropic: { cache_read: 0.1, cache_write: 1.25 } },
};

const completion = { full: 10, ai_tool_search: 6, namespaces: 8 } as const;
const searches = { full: 0, ai_tool_search: 2.5, namespaces: 1.5 } as const;
const costs = { full: 40_000, ai_tool_search: 5000, namespaces: 4000 } as const;
const cost_per_task: CostPerTaskRow[] = ['cold', 'warm'].flatMap((cache) =>
  [1, 5].flatMap((requests) =>
    (['full', 'ai_tool_search', 'namespaces'] as const).map((arm) => ({
      set: 'mcp-servers',
      arm,
      tools: 1000,
      requests,
      cache: cache as 'cold' | 'warm',
      pricing: 'anthropic',
      tasks: 10,
      no_match: 2,
      completed: completion[arm],
      searches: searches[arm],
      billed_input: costs[arm] / requests / (cache === 'warm' ? 2 : 1),
    })),
  ),
);

describe('renderCostPerTaskSection', () => {
  it('renders tasks completed per set, size and arm, then billed input per completed task per profile', () => {
    const lines = renderCostPerTaskSection({ ...report, cost_per_task });
    const markdown = lines.join('\n');
    expect(markdown.slice(markdown.indexOf('### Tasks completed'))).toMatchInlineSnapshot(`
      "### Tasks completed

      | set | tools | arm | tasks | no match | completed | searches per completed task |
      |---|---:|---|---:|---:|---:|---:|
      | mcp-servers | 1,000 | full | 10 | 2 | 10 (100.0%) | 0.00 |
      | mcp-servers | 1,000 | ai_tool_search | 10 | 2 | 6 (60.0%) | 2.50 |
      | mcp-servers | 1,000 | namespaces | 10 | 2 | 8 (80.0%) | 1.50 |

      ### Billed input per completed task, pricing \`anthropic\` (cache read 0.1x, cache write 1.25x)

      | set | tools | requests | cache | full | ai_tool_search | namespaces | cheapest | namespaces ÷ ai_tool_search |
      |---|---:|---:|---|---:|---:|---:|---|---:|
      | mcp-servers | 1,000 | 1 | cold | 40,000 | 5,000 | 4,000 | namespaces | 0.80x |
      | mcp-servers | 1,000 | 5 | cold | 8,000 | 1,000 | 800 | namespaces | 0.80x |
      | mcp-servers | 1,000 | 1 | warm | 20,000 | 2,500 | 2,000 | namespaces | 0.80x |
      | mcp-servers | 1,000 | 5 | warm | 4,000 | 500 | 400 | namespaces | 0.80x |"
    `);
  });

  it('renders nothing without rows', () => {
    expect(renderCostPerTaskSection(report)).toEqual([]);
    expect(renderCostPerTaskSection({ ...report, cost_per_task: [] })).toEqual([]);
    expect(renderCostPerTaskCharts(report)).toEqual([]);
  });
});

describe('renderCostPerTaskCharts', () => {
  it('draws one chart per profile: a line per arm, size and cache state', () => {
    const charts = renderBenchReport({ ...report, cost_per_task }).charts;
    const chart = charts.find((each) => each.fileName === costPerTaskChartFileName('anthropic'));
    const svg = chart?.svg as string;
    expectWellFormedSvg(svg);
    expect(svg.match(/<polyline /g)).toHaveLength(6);
    expect(svg).toContain('>namespaces, 1,000 tools, warm</text>');
    expect(costPerTaskChartFileName('My Profile/2')).toBe('cost-per-task-my-profile-2.svg');
  });
});

describe('pooledBilledInput', () => {
  it('weights each set by the tasks it completed and skips sets that completed none', () => {
    const row = cost_per_task[2] as CostPerTaskRow;
    expect(
      pooledBilledInput([
        { ...row, completed: 8, billed_input: 4000 },
        { ...row, completed: 2, billed_input: 9000 },
        { ...row, completed: 0, billed_input: null },
      ]),
    ).toBe(5000);
    expect(pooledBilledInput([{ ...row, completed: 0, billed_input: null }])).toBeUndefined();
  });
});
