import { describe, expect, it } from 'vitest';
import { InvalidReportError } from './invalid-report-error.js';
import { parseReport } from './parse-report.js';

const task = { advertised_per_step: [100, 100], steps: 2, tool_list_changes: 0 };
/** A bench report of the version before the floor comparison. */
const earlier = {
  tokens: { 10: { off: { advertised: 900, full: 900 } } },
  builtin_tool_search: task,
  ours: task,
  overhead_ratio: 0.3,
  wrapper_ms_per_request: 0.1,
  build_ms: { 10: 5 },
  import_ms: null,
  search_ms: { 10: { p50: 0.1, p99: 0.5 } },
  heap_mb_10000: null,
};
const floorRow = {
  catalog: 'realistic',
  tools: 1000,
  search_p50_ratio: 3.1,
  search_p99_ratio: 6,
  build_ratio: 1.5,
  heap_ratio: 2.2,
};
const current = {
  ...earlier,
  floor: [floorRow],
  adversarial: { tools: 100, worst_ms: 2.5, worst_ratio_to_floor_p99: 4, worst_query: 'records.' },
  wrapper_scaling: { ms_100: 0.01, ms_10000: 0.012, ratio: 1.2 },
  cold_search_ratio: { tools_1000: 1.4, tools_10000: null },
  cost_model: [
    {
      arm: 'namespaces',
      tools: 1000,
      steps: 5,
      pricing: 'anthropic',
      input_tokens: 16000,
      cached_tokens: 11000,
      billed_input: 7350,
    },
  ],
  cost_model_pricing: { anthropic: { cache_read: 0.1, cache_write: 1.25 } },
};

function problemOf(data: unknown): string | undefined {
  try {
    parseReport(data, 'bench.json');
    return undefined;
  } catch (error) {
    if (!InvalidReportError.isInstance(error)) throw error;
    return error.problem;
  }
}

describe('parseReport', () => {
  it('accepts bench reports with and without the floor, adversarial, scaling and cold-search figures', () => {
    expect(parseReport(earlier, 'bench.json').kind).toBe('bench');
    expect(parseReport(current, 'bench.json')).toEqual({ kind: 'bench', report: current });
    expect(problemOf({ ...current, wrapper_scaling: null, floor: [] })).toBeUndefined();
  });

  it('names the first malformed new figure', () => {
    expect(problemOf({ ...current, floor: {} })).toBe('bench "floor" is not an array');
    expect(problemOf({ ...current, floor: [floorRow, { ...floorRow, catalog: 'other' }] })).toMatch(
      /^bench "floor\[1\]" needs "catalog"/,
    );
    expect(problemOf({ ...current, floor: [{ ...floorRow, heap_ratio: null }] })).toMatch(
      /"heap_ratio"/,
    );
    expect(
      problemOf({ ...current, adversarial: { ...current.adversarial, worst_query: 3 } }),
    ).toMatch(/^bench "adversarial" needs/);
    expect(problemOf({ ...current, wrapper_scaling: { ms_100: 1 } })).toBe(
      'bench "wrapper_scaling" is neither null nor {"ms_100", "ms_10000", "ratio"}',
    );
    expect(problemOf({ ...current, cold_search_ratio: { tools_1000: 'fast' } })).toMatch(
      /^bench "cold_search_ratio" needs/,
    );
    expect(problemOf({ ...current, mcp_cold_start: null })).toBeUndefined();
    expect(problemOf({ ...current, mcp_cold_start: { servers: 3, ratio: 0.01 } })).toMatch(
      /^bench "mcp_cold_start" is neither null nor/,
    );
    expect(
      problemOf({
        ...current,
        index_load: [{ tools: 1000, build_ms: 30, load_ms: 12, ratio: 0.4, snapshot_bytes: 9 }],
      }),
    ).toBeUndefined();
    expect(problemOf({ ...current, index_load: [{ tools: 1000, ratio: 0.4 }] })).toMatch(
      /^bench "index_load" is not a list of/,
    );
    const stepCostRow = {
      catalog: 'zod',
      tools: 1000,
      steps: 3,
      ours_ms_per_step: 1.2,
      plain_ai_ms_per_step: 40,
      ratio: 0.03,
    };
    expect(problemOf({ ...current, step_cost: [stepCostRow] })).toBeUndefined();
    expect(problemOf({ ...current, step_cost: [{ ...stepCostRow, catalog: 'yaml' }] })).toMatch(
      /^bench "step_cost" is not a list of \{"catalog" \("zod" or "json_schema"\)/,
    );
    expect(problemOf({ ...current, step_cost: [{ ...stepCostRow, ratio: null }] })).toMatch(
      /^bench "step_cost" is not a list of/,
    );
    expect(problemOf({ ...current, cost_model: {} })).toBe('bench "cost_model" is not an array');
    expect(
      problemOf({ ...current, cost_model: [{ ...current.cost_model[0], billed_input: null }] }),
    ).toMatch(/^bench "cost_model\[0\]" needs strings "arm" and "pricing"/);
    expect(problemOf({ ...current, cost_model_pricing: { x: { cache_read: 1 } } })).toBe(
      'bench "cost_model_pricing" is not an object of {"cache_read", "cache_write"}',
    );
  });

  it('checks the retrieval-driven cost rows, whose per-task figures may be null', () => {
    const row = {
      set: 'mcp-servers',
      arm: 'namespaces',
      tools: 1000,
      requests: 5,
      cache: 'warm',
      pricing: 'anthropic',
      tasks: 196,
      no_match: 27,
      completed: 144,
      searches: 2.1,
      billed_input: 5406.4,
    };
    const nothingDone = { ...row, completed: 0, searches: null, billed_input: null };
    expect(problemOf({ ...current, cost_per_task: [row, nothingDone] })).toBeUndefined();
    expect(problemOf({ ...current, cost_per_task: {} })).toBe(
      'bench "cost_per_task" is not an array',
    );
    for (const broken of [
      { ...row, cache: 'hot' },
      { ...row, set: undefined },
      { ...row, completed: null },
      { ...row, billed_input: '5,406' },
    ]) {
      expect(problemOf({ ...current, cost_per_task: [row, broken] })).toMatch(
        /^bench "cost_per_task\[1\]" needs strings "set", "arm" and "pricing", "cache"/,
      );
    }
  });

  it("checks issue 30's rows (app patterns, import and cold process ratios, engines) when present", () => {
    const appSpeed = {
      app_patterns: [
        { tools: 1000, holding: 'fresh_objects', ms: 6, plain_ai_ms: 4.3, ratio: 1.41 },
      ],
      import_ratio: { ours_ms: 286, ai_ms: 108, ratio: 2.65 },
      cold_search_process: [{ tools: 1000, ours_ms: 520, tool_search_ms: 270, ratio: 1.9 }],
      engines: [
        {
          catalog: 'bench',
          tools: 1000,
          engine: 'minisearch',
          search_p50_ratio: 0.8,
          search_p99_ratio: 0.5,
        },
      ],
    };
    expect(problemOf({ ...current, ...appSpeed })).toBeUndefined();
    // With and without the rest of the optional figures before them.
    expect(problemOf({ ...earlier, ...appSpeed, import_ratio: null })).toBeUndefined();
    const [pattern] = appSpeed.app_patterns;
    expect(
      problemOf({ ...current, ...appSpeed, app_patterns: [{ ...pattern, holding: 'cached' }] }),
    ).toMatch(/^bench "app_patterns" is not a list of \{"tools", "holding" \("record", "frozen"/);
    expect(problemOf({ ...earlier, app_patterns: [{ ...pattern, ratio: null }] })).toMatch(
      /^bench "app_patterns" is not a list of/,
    );
    expect(problemOf({ ...current, import_ratio: { ours_ms: 286 } })).toBe(
      'bench "import_ratio" is neither null nor {"ours_ms", "ai_ms", "ratio"}',
    );
    expect(problemOf({ ...current, cold_search_process: [{ tools: 1000, ratio: 1.9 }] })).toMatch(
      /^bench "cold_search_process" is not a list of/,
    );
    const [engine] = appSpeed.engines;
    for (const broken of [
      { ...engine, catalog: 'other' },
      { ...engine, engine: 3 },
    ]) {
      expect(problemOf({ ...current, engines: [broken] })).toMatch(
        /^bench "engines" is not a list of \{"catalog" \("bench" or "realistic"\)/,
      );
    }
  });
});
