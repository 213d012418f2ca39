import { describe, expect, it } from 'vitest';
import type { BenchReport } from '../bench/bench-report.js';
import { renderAppSpeedText } from './render-app-speed-text.js';
import { renderBenchText } from './render-bench-text.js';

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

describe('renderAppSpeedText', () => {
  it('prints the engines, each way of holding tools and the fresh processes', () => {
    const report: BenchReport = {
      ...base,
      app_patterns: [
        { tools: 1000, holding: 'freeze_tools', ms: 0.24, plain_ai_ms: 2.9, ratio: 0.083 },
        { tools: 10000, holding: 'frozen', ms: 7.4, plain_ai_ms: 50.2, ratio: 0.147 },
      ],
      import_ratio: { ours_ms: 286.2, ai_ms: 108.4, ratio: 2.64 },
      cold_search_process: [{ tools: 10000, ours_ms: 812.3, tool_search_ms: 406.1, ratio: 2 }],
      engines: [
        {
          catalog: 'bench',
          tools: 1000,
          engine: 'minisearch',
          search_p50_ratio: 1.25,
          search_p99_ratio: 0.5,
        },
      ],
    };
    expect(renderAppSpeedText(report).join('\n')).toMatchInlineSnapshot(`
      "
      Against an independent engine (ours / that engine, side by side in this run):
        catalog  tools      engine  search p50  search p99
        bench    1,000  minisearch       1.25x       0.50x

      How the app holds its tools: one request, ours beside plain ai's with the same tools held the same way (ms, warm):
        tools                holding   ours  plain ai  ours / plain
        1,000     freezeTools(tools)  0.240     2.900         0.083
        10,000  Object.freeze(tools)  7.400    50.200         0.147

      Fresh processes (medians of alternated pairs):
        measure                                                                                value
        import of the root entry / ai's own import                          286.2 / 108.4 ms (2.64x)
        cold process that searches, ours / ai's toolSearch(), 10,000 tools      812 / 406 ms (2.00x)"
    `);
    expect(renderBenchText(report).join('\n')).toContain('How the app holds its tools');
  });

  it('prints nothing for a report without the rows', () => {
    expect(renderAppSpeedText(base)).toEqual([]);
    expect(renderAppSpeedText({ ...base, import_ratio: null, app_patterns: [] })).toEqual([]);
  });
});
