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
});
