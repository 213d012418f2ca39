import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DISCLOSURE_MODES } from 'tool-disclosure/disclosure';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from './run-cli-captured.case.js';

const bench = (args: string[]) => runCliCaptured(['bench', ...args]);

/**
 * A time or a ratio of times: its value depends on the machine, so only its
 * kind is checked here; the measuring functions' tests check the arithmetic
 * on scripted clocks.
 */
const isMeasured = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

interface TaskMeasurement {
  advertised_per_step: number[];
  steps: number;
  tool_list_changes: number;
}

describe('bench', () => {
  it('prints one JSON object of the documented shape, with the token and cache invariants', async () => {
    const sharedArgs = existsSync('../shared/benchmarks') ? ['--shared', '../shared'] : [];
    const { code, stdout } = await bench([
      '--json',
      '--quick',
      '--sizes',
      '10,100',
      '--cost-sizes',
      '20',
      '--cost-steps',
      '3,6',
      '--cost-requests',
      '1,20',
      ...sharedArgs,
    ]);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    const report = JSON.parse(stdout);
    expect(Object.keys(report)).toEqual([
      'tokens',
      'builtin_tool_search',
      'ours',
      'overhead_ratio',
      'wrapper_ms_per_request',
      'fresh_record_ms_per_request',
      'fresh_record_ratio',
      'build_ms',
      'import_ms',
      'search_ms',
      'heap_mb_10000',
      'floor',
      'adversarial',
      'wrapper_scaling',
      'cost_model',
      'cost_model_pricing',
      'mcp_cold_start',
      'long_descriptions',
      'cold_process',
      'step_cost',
      'cost_per_task',
      'app_patterns',
      'import_ratio',
      'cold_search_process',
      'engines',
    ]);
    // 1,000 tools are not among the sizes measured here.
    expect(report.long_descriptions).toBeNull();
    expect(report.cold_process).toEqual([]);
    expect(report.step_cost).toEqual([]);

    expect(Object.keys(report.tokens)).toEqual(['10', '100']);
    for (const size of ['10', '100']) {
      expect(Object.keys(report.tokens[size])).toEqual([...DISCLOSURE_MODES]);
      for (const mode of DISCLOSURE_MODES) {
        const { advertised, full } = report.tokens[size][mode];
        expect(Number.isInteger(advertised) && advertised > 0).toBe(true);
        expect(advertised).toBeLessThanOrEqual(full);
        if (mode === 'off') expect(advertised).toBe(full);
      }
      expect(report.build_ms[size]).toSatisfy(isMeasured);
      expect(Object.keys(report.search_ms[size])).toEqual(['p50', 'p99']);
      expect(report.search_ms[size].p50).toBeLessThanOrEqual(report.search_ms[size].p99);
    }
    // 100 tools are above the default caps: every deferring mode advertises less.
    for (const mode of ['compact', 'signatures', 'namespaces', 'bridged'] as const) {
      expect(report.tokens['100'][mode].advertised).toBeLessThan(report.tokens['100'][mode].full);
    }

    for (const key of ['builtin_tool_search', 'ours'] as const) {
      const task: TaskMeasurement = report[key];
      expect(Object.keys(task)).toEqual(['advertised_per_step', 'steps', 'tool_list_changes']);
      expect(task.advertised_per_step).toHaveLength(task.steps);
      expect(task.steps).toBe(3);
    }
    expect(report.ours.tool_list_changes).toBe(0);
    expect(new Set(report.ours.advertised_per_step).size).toBe(1);
    // The built-in surface adds the found tool after the search step.
    expect(report.builtin_tool_search.tool_list_changes).toBeGreaterThanOrEqual(1);

    expect(report.overhead_ratio).toSatisfy(isMeasured);
    expect(report.wrapper_ms_per_request).toSatisfy(isMeasured);
    expect(report.import_ms === null || isMeasured(report.import_ms)).toBe(true);
    // 10,000 is not among --sizes, so the index heap is not measured.
    expect(report.heap_mb_10000).toBeNull();

    // Neither 1,000 nor 10,000 is among --sizes: the floor is compared at the largest size.
    const sharedPresent = existsSync('../shared/benchmarks');
    expect(report.floor.map((row: { catalog: string }) => row.catalog)).toEqual(
      sharedPresent ? ['bench', 'realistic'] : ['bench'],
    );
    for (const row of report.floor) {
      expect(Object.keys(row)).toEqual([
        'catalog',
        'tools',
        'search_p50_ratio',
        'search_p99_ratio',
        'build_ratio',
        'heap_ratio',
      ]);
      expect(row.tools).toBe(100);
      for (const key of ['search_p50_ratio', 'search_p99_ratio', 'build_ratio']) {
        expect(row[key]).toSatisfy(isMeasured);
      }
    }
    expect(Object.keys(report.adversarial)).toEqual([
      'tools',
      'worst_ms',
      'worst_ratio_to_floor_p99',
      'worst_query',
    ]);
    expect(report.adversarial.tools).toBe(100);
    expect(report.adversarial.worst_ms).toSatisfy(isMeasured);
    expect(report.adversarial.worst_ratio_to_floor_p99).toSatisfy(isMeasured);
    expect([...report.adversarial.worst_query].length).toBeLessThanOrEqual(80);
    // The 10,000-tool and the app measurements need their sizes among --sizes.
    expect(report.wrapper_scaling).toBeNull();
    expect(report.app_patterns).toEqual([]);
    expect(report.cold_search_process).toEqual([]);
    if (report.import_ratio !== null) {
      expect(Object.keys(report.import_ratio)).toEqual(['ours_ms', 'ai_ms', 'ratio']);
    }
    // MiniSearch beside every floor row.
    expect(
      report.engines.map((row: { catalog: string; tools: number; engine: string }) => [
        row.catalog,
        row.tools,
        row.engine,
      ]),
    ).toEqual(report.floor.map((row: { catalog: string }) => [row.catalog, 100, 'minisearch']));
    for (const row of report.engines) {
      expect(Object.keys(row)).toEqual([
        'catalog',
        'tools',
        'engine',
        'search_p50_ratio',
        'search_p99_ratio',
      ]);
    }

    // Three fixture servers of five tools each, live against a snapshot of them.
    expect(Object.keys(report.mcp_cold_start)).toEqual([
      'servers',
      'tools',
      'snapshot_bytes',
      'repetitions',
      'live_ms',
      'snapshot_ms',
      'ratio',
    ]);
    expect(report.mcp_cold_start).toMatchObject({ servers: 3, tools: 15, repetitions: 5 });
    for (const key of ['live_ms', 'snapshot_ms', 'ratio']) {
      expect(report.mcp_cold_start[key]).toSatisfy(isMeasured);
    }

    // One row per arm, run length and default pricing profile at the one cost size.
    expect(Object.keys(report.cost_model_pricing)).toEqual(['anthropic', 'openai', 'google']);
    expect(report.cost_model).toHaveLength(4 * 2 * 3);
    for (const row of report.cost_model) {
      expect(Object.keys(row)).toEqual([
        'arm',
        'tools',
        'steps',
        'pricing',
        'input_tokens',
        'cached_tokens',
        'billed_input',
      ]);
      expect(row.tools).toBe(20);
      expect([3, 6]).toContain(row.steps);
      expect(row.cached_tokens).toBeLessThan(row.input_tokens);
      expect(row.billed_input).toBeGreaterThan(0);
    }
    expect(new Set(report.cost_model.map((row: { arm: string }) => row.arm))).toEqual(
      new Set(['full', 'ai_tool_search', 'namespaces', 'promote']),
    );

    // Three judged sets, three arms, two conversation lengths, cold and warm, three profiles.
    expect(report.cost_per_task).toHaveLength(3 * 3 * 2 * 2 * 3);
    for (const row of report.cost_per_task) {
      expect(Object.keys(row)).toEqual([
        'set',
        'arm',
        'tools',
        'requests',
        'cache',
        'pricing',
        'tasks',
        'no_match',
        'completed',
        'searches',
        'billed_input',
      ]);
      expect(row.tools).toBe(20);
      expect([1, 20]).toContain(row.requests);
      expect(row.completed).toBeLessThanOrEqual(row.tasks);
    }
    expect(new Set(report.cost_per_task.map((row: { set: string }) => row.set))).toEqual(
      new Set(['mcp-servers', 'judged-corpus', 'paraphrase-intents']),
    );
    expect(new Set(report.cost_per_task.map((row: { cache: string }) => row.cache))).toEqual(
      new Set(['cold', 'warm']),
    );
  }, 60_000);

  it('reads --pricing FILE and rejects a malformed one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-pricing-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ flat: { cache_read: 1, cache_write: 1 } }));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ flat: { cache_read: 'cheap' } }));
    const args = ['--quick', '--sizes', '10', '--cost-sizes', '10', '--cost-steps', '3'];
    const { code, stdout } = await bench([...args, '--pricing', good]);
    expect(code).toBe(0);
    expect(stdout).toContain('Cost over long runs, pricing flat');
    const rejected = await bench([...args, '--pricing', bad]);
    expect(rejected.code).toBe(2);
    expect(rejected.stderr).toContain('needs numbers "cache_read" and "cache_write"');
    expect((await bench(['--cost-steps', '1'])).code).toBe(2);
  }, 60_000);

  it('renders tables without --json; without shared benchmarks there are no realistic rows', async () => {
    const { code, stdout, stderr } = await bench([
      '--quick',
      '--sizes',
      '10',
      '--cost-sizes',
      '10',
      '--cost-steps',
      '3',
      '--shared',
      'no-such-shared-folder',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('Tokens of the tool definitions sent per step');
    expect(stdout).toContain("ai's toolSearch() + deferLoading");
    expect(stdout).toContain('overhead ratio');
    expect(stdout).toContain('n/a (10000 not in --sizes)');
    expect(stdout).toContain('Against the floor engine');
    expect(stdout).toMatch(/\n {2}bench {3,}10 /);
    expect(stdout).not.toContain('realistic');
    expect(stdout).toContain('adversarial worst / floor p99');
    // MiniSearch beside the floor row; the app rows need 1,000 or 10,000 among --sizes.
    expect(stdout).toContain('Against an independent engine');
    expect(stdout).toMatch(/\n {2}bench {3,}10 {2,}minisearch /);
    expect(stdout).not.toContain('How the app holds its tools');
    expect(stderr).toContain('the floor comparison has no realistic rows');
  }, 60_000);

  it('rejects bad sizes and stray arguments as usage errors', async () => {
    expect((await bench(['--sizes', '10,x'])).code).toBe(2);
    expect((await bench(['--sizes', '0'])).code).toBe(2);
    expect((await bench(['extra'])).code).toBe(2);
    expect((await bench(['--cost-requests', '0'])).code).toBe(2);
  });

  it('prints its usage with --help', async () => {
    const { code, stdout } = await bench(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: tool-disclosure bench');
    for (const measure of [
      'floor',
      'adversarial',
      'scaling',
      'cold search',
      '--shared DIR',
      'cost model',
      '--pricing FILE',
      'No ai_code_mode',
      'step cost',
      'step_cost',
      'plain_ai_ms_per_step',
      'cost per task',
      'cost_per_task',
      '--cost-requests',
    ]) {
      expect(stdout).toContain(measure);
    }
  });
});
