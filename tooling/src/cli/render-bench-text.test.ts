import { describe, expect, it } from 'vitest';
import type { BenchReport } from '../bench/bench-report.js';
import { renderBenchText } from './render-bench-text.js';

const task = { advertised_per_step: [1233, 1233, 1233], steps: 3, tool_list_changes: 0 };
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
};

describe('renderBenchText', () => {
  it("prints one step beside plain ai's per catalog kind and size", () => {
    const lines = renderBenchText({
      ...report,
      step_cost: [
        {
          catalog: 'zod',
          tools: 1000,
          steps: 3,
          ours_ms_per_step: 1.262,
          plain_ai_ms_per_step: 42.516,
          ratio: 0.0297,
        },
        {
          catalog: 'json_schema',
          tools: 10000,
          steps: 3,
          ours_ms_per_step: 1.825,
          plain_ai_ms_per_step: 25.291,
          ratio: 0.0722,
        },
      ],
    });
    const start = lines.findIndex((line) => line.startsWith("One step beside plain ai's"));
    expect(lines.slice(start, start + 5).join('\n')).toMatchInlineSnapshot(`
      "One step beside plain ai's, same tools, every tool given to plain ai (ms per step, warm):
        schemas       tools   ours  plain ai  ours / plain
        zod           1,000  1.262    42.516        0.0297
        JSON Schema  10,000  1.825    25.291        0.0722
      "
    `);
  });

  it('prints no step cost section without rows', () => {
    for (const step_cost of [undefined, []]) {
      expect(renderBenchText({ ...report, step_cost }).join('\n')).not.toContain('One step beside');
    }
  });

  it('prints the retrieval-driven cost per task: completion, then billed input per profile', () => {
    const row = {
      set: 'mcp-servers',
      arm: 'namespaces' as const,
      tools: 1000,
      requests: 1,
      cache: 'cold' as const,
      pricing: 'anthropic',
      tasks: 196,
      no_match: 27,
      completed: 144,
      searches: 2.1,
      billed_input: 7799.1,
    };
    const lines = renderBenchText({
      ...report,
      cost_per_task: [row, { ...row, cache: 'warm', billed_input: 5346.8 }],
    });
    const start = lines.findIndex((line) => line.startsWith('Cost per completed task'));
    expect(lines.slice(start).join('\n')).toMatchInlineSnapshot(`
      "Cost per completed task, retrieval-driven: tasks completed (every request of each judged set):
        set          tools         arm  tasks  no match  completed  searches per completed
        mcp-servers  1,000  namespaces    196        27        144                    2.10

      Cost per completed task, pricing anthropic (billed input per completed task, base-input token-equivalents):
        set          tools  requests  cache         arm  billed input
        mcp-servers  1,000         1   cold  namespaces         7,799
        mcp-servers  1,000         1   warm  namespaces         5,347"
    `);
    expect(renderBenchText(report).join('\n')).not.toContain('Cost per completed task');
  });
});
