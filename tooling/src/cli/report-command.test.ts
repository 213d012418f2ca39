import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from './run-cli-captured.case.js';

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'tool-disclosure-report-'));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const report = (args: string[]) => runCliCaptured(['report', ...args]);

async function writeJson(name: string, data: unknown): Promise<string> {
  const path = join(directory, name);
  await writeFile(path, typeof data === 'string' ? data : JSON.stringify(data));
  return path;
}

const task = { advertised_per_step: [100, 100], steps: 2, tool_list_changes: 0 };
const bench = {
  tokens: {
    10: { off: { advertised: 900, full: 900 }, namespaces: { advertised: 300, full: 900 } },
  },
  builtin_tool_search: task,
  ours: task,
  overhead_ratio: 0.3,
  wrapper_ms_per_request: 0.1,
  fresh_record_ms_per_request: 0.2,
  fresh_record_ratio: 2,
  build_ms: { 10: 5 },
  import_ms: 200,
  search_ms: { 10: { p50: 0.1, p99: 0.5 } },
  heap_mb_10000: null,
};

const spread = { median: 2, worst: 3, spread: 1 };
const e2e = {
  schema_version: 2,
  header: {
    generated_by: 'tool-disclosure e2e',
    model: { provider: 'scripted', model: 'scripted', temperature: null },
    note: 'protocol shape, not model behaviour',
    arms: ['namespaces'],
    sizes: [100],
    repetitions: 1,
  },
  observations: [],
  aggregate: [
    {
      arm: 'namespaces',
      tool_count: 100,
      observations: 7,
      completion_rate: 1,
      correct_tool_recall_rate: 1,
      unauthorized_tool_leaks: 0,
      model_turns: spread,
      discovery_turns: spread,
      tokens_input: null,
      latency_end_to_end_ms: null,
      failures: {
        retrieval_miss: 0,
        invalid_arguments: 0,
        authorization_denied: 0,
        approval_blocked: 0,
        provider_error: 0,
        task_incomplete: 0,
      },
    },
  ],
};

describe('report', () => {
  it('renders a bench JSON to Markdown and writes tokens-by-size.svg next to the file', async () => {
    const path = await writeJson('bench.json', bench);
    const { code, stdout, stderr } = await report([path]);
    expect(code).toBe(0);
    expect(stdout).toContain('# tool-disclosure bench');
    expect(stdout).toContain('| 10 | namespaces | 300 | 900 | 3.0x |');
    expect(stderr).toBe(`report: wrote ${join(directory, 'tokens-by-size.svg')}\n`);
    const svg = await readFile(join(directory, 'tokens-by-size.svg'), 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
  });

  it('renders an e2e JSON and writes completion-by-arm.svg into --out-dir, byte-identical twice', async () => {
    const path = await writeJson('e2e.json', e2e);
    const outDir = join(directory, 'charts');
    const first = await report([path, '--out-dir', outDir]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('> protocol shape, not model behaviour');
    expect(first.stdout).toContain(
      '| namespaces | 100 | 2 / 3 / 1 | 2 / 3 / 1 | not measured | not measured |',
    );
    expect(first.stdout).toContain(
      '| no arm completes fewer tasks than off | 100 | not measured | scripted reference agent: its turns follow from the script, not a model |',
    );
    expect(await readdir(outDir)).toEqual(['completion-by-arm.svg']);
    const svg = await readFile(join(outDir, 'completion-by-arm.svg'));
    const second = await report([path, '--out-dir', outDir]);
    expect(second.stdout).toBe(first.stdout);
    expect(await readFile(join(outDir, 'completion-by-arm.svg'))).toEqual(svg);
  });

  it('rejects JSON of another shape with exit 1 and one message, no stack trace', async () => {
    const cases: [unknown, string][] = [
      [{ tools: [] }, 'it has neither "tokens" (bench) nor "schema_version" and "aggregate" (e2e)'],
      [[1, 2], 'the JSON is not an object'],
      [{ ...e2e, schema_version: 1 }, 'e2e "schema_version" is 1, only 2 is supported'],
      [{ ...bench, overhead_ratio: 'fast' }, 'bench "overhead_ratio" is not a number'],
      [
        { ...e2e, aggregate: [{ ...e2e.aggregate[0], tokens_input: 5 }] },
        'e2e "aggregate[0]" "tokens_input" is neither null nor {"median", "worst", "spread"}',
      ],
    ];
    for (const [data, problem] of cases) {
      const path = await writeJson('other.json', data);
      const { code, stdout, stderr } = await report([path]);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toBe(
        `tool-disclosure: ${path} is not a report: ${problem}. Expected the output of 'tool-disclosure bench --json' or a schema_version 2 report of 'tool-disclosure e2e --out'\n`,
      );
    }
    expect(await readdir(directory)).toEqual(['other.json']);
  });

  it('reports a missing file, malformed JSON and bad arguments as usage errors (exit 2)', async () => {
    const missing = await report([join(directory, 'missing.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      `tool-disclosure: cannot read report file ${join(directory, 'missing.json')}: no such file\n`,
    );

    const malformed = await report([await writeJson('broken.json', '{"tokens": ')]);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(
      /^tool-disclosure: report file .*broken\.json is not valid JSON: /,
    );
    expect(malformed.stderr).not.toMatch(/\n\s+at /);

    for (const args of [[], ['a.json', 'b.json'], ['a.json', '--out-dir'], ['a.json', '--bogus']]) {
      const { code, stderr } = await report(args);
      expect(code).toBe(2);
      expect(stderr).toContain('Usage: tool-disclosure report FILE [--out-dir DIR]');
    }
  });

  it('prints its usage with --help and is listed in the command usage', async () => {
    const help = await report(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: tool-disclosure report FILE [--out-dir DIR]');
    const { stdout: usage } = await runCliCaptured(['--help']);
    expect(usage).toContain(
      '  report    render a bench or e2e JSON as Markdown tables and SVG charts',
    );
  });
});
