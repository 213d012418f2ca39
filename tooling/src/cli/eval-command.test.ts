import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEAR_MISS_METHOD, type NearMissSummary } from '../eval/build-near-miss-corpus.js';
import type { RetrievalReport } from '../eval/evaluate-ranker.js';
import { EVAL_USAGE } from './eval-command.js';
import { rankerNames } from './ranker-names.js';
import { runCliCaptured } from './run-cli-captured.case.js';

const CORPUS = fileURLToPath(new URL('../../corpus/judged-corpus.json', import.meta.url));
const corpus = JSON.parse(readFileSync(CORPUS, 'utf8')) as {
  tools: unknown[];
  intents: { class: string }[];
};

/** A report as `eval --json` prints it. */
type PrintedReport = RetrievalReport & {
  skipped: { tools: number; queries: number };
  near_miss?: NearMissSummary;
};

const evaluate = (args: readonly string[]) => runCliCaptured(['eval', ...args]);

/** Runs with --json, expects success, a silent stderr and one line of output, and parses it. */
async function evaluateJson(args: readonly string[]): Promise<unknown> {
  const { report, stderr } = await evaluateJsonWithWarnings(args);
  expect(stderr).toBe('');
  return report;
}

/** Like `evaluateJson`, allowing warnings on stderr and returning them. */
async function evaluateJsonWithWarnings(
  args: readonly string[],
): Promise<{ report: unknown; stderr: string }> {
  const result = await evaluate([...args, '--json']);
  expect(result.code).toBe(0);
  expect(result.stdout.endsWith('\n')).toBe(true);
  expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
  return { report: JSON.parse(result.stdout), stderr: result.stderr };
}

const METRIC_KEYS = [
  'recall_at_1',
  'recall_at_3',
  'recall_at_5',
  'recall_at_10',
  'mrr',
  'ndcg_at_5',
  'ndcg_at_10',
  'no_match_accuracy',
  'no_match_empty_accuracy',
  'false_empty_count',
  'false_empty_rate',
  'weak_only_count',
];

/** The invariants every report holds, whatever the ranker's quality. */
function expectReportShape(report: RetrievalReport, toolCount: number, queryCount: number) {
  expect(Object.keys(report)).toEqual([
    'ranker',
    'tool_count',
    'query_count',
    'metrics',
    'classes',
    'worst',
    'false_empties',
    'timing_ms',
    'skipped',
    ...('near_miss' in report ? ['near_miss'] : []),
  ]);
  expect(report.tool_count).toBe(toolCount);
  expect(report.query_count).toBe(queryCount);

  expect(Object.keys(report.metrics)).toEqual(METRIC_KEYS);
  const { false_empty_count, weak_only_count, ...shares } = report.metrics;
  expect(Number.isInteger(false_empty_count)).toBe(true);
  expect(Number.isInteger(weak_only_count)).toBe(true);
  expect(report.false_empties.length).toBe(Math.min(10, false_empty_count));
  for (const [name, value] of Object.entries(shares)) {
    if (value === null) {
      expect(['no_match_accuracy', 'no_match_empty_accuracy', 'false_empty_rate']).toContain(name);
      continue;
    }
    expect(value, name).toBeGreaterThanOrEqual(0);
    expect(value, name).toBeLessThanOrEqual(1);
  }
  const { recall_at_1, recall_at_3, recall_at_5, recall_at_10 } = report.metrics;
  expect(recall_at_1).toBeLessThanOrEqual(recall_at_3);
  expect(recall_at_3).toBeLessThanOrEqual(recall_at_5);
  expect(recall_at_5).toBeLessThanOrEqual(recall_at_10);

  const classes = Object.entries(report.classes);
  expect(classes.map(([name]) => name)).toEqual(
    classes.map(([name]) => name).sort((left, right) => (left < right ? -1 : 1)),
  );
  expect(classes.reduce((sum, [, metrics]) => sum + metrics.count, 0)).toBe(queryCount);
  for (const [name, metrics] of classes) {
    expect(Object.keys(metrics), name).toEqual(['count', 'recall_at_5', 'ndcg_at_10']);
    expect(metrics.count, name).toBeGreaterThan(0);
  }

  expect(report.worst.length).toBeLessThanOrEqual(10);
  for (const [index, worst] of report.worst.entries()) {
    expect(Object.keys(worst)).toEqual(['query', 'ndcg_at_10', 'top']);
    expect(worst.top.length).toBeLessThanOrEqual(5);
    expect(worst.top.every((name) => typeof name === 'string')).toBe(true);
    if (index > 0) {
      expect(worst.ndcg_at_10).toBeGreaterThanOrEqual(report.worst[index - 1]?.ndcg_at_10 ?? 0);
    }
  }

  expect(Object.keys(report.timing_ms)).toEqual(['build', 'query_p50', 'query_p99']);
  for (const milliseconds of Object.values(report.timing_ms)) {
    expect(milliseconds).toBeGreaterThanOrEqual(0);
  }
  expect(report.timing_ms.query_p50).toBeLessThanOrEqual(report.timing_ms.query_p99);
}

let directory = '';
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'tool-disclosure-eval-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function writeCorpus(fileName: string, content: unknown): Promise<string> {
  const path = join(directory, fileName);
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('eval command: --json', () => {
  it('prints one report of the default ranker on the judged corpus', async () => {
    const report = (await evaluateJson(['--corpus', CORPUS])) as RetrievalReport;
    expectReportShape(report, corpus.tools.length, corpus.intents.length);
    expect(report.ranker).toBe('default');
    expect(report.metrics.no_match_accuracy).toEqual(expect.any(Number));
    expect(Object.keys(report.classes)).toEqual(
      [...new Set(corpus.intents.map((intent) => intent.class))].sort(),
    );
    expect(report.classes.no_match).toMatchObject({ recall_at_5: null, ndcg_at_10: null });
    for (const [name, metrics] of Object.entries(report.classes)) {
      if (name === 'no_match') continue;
      expect(metrics.recall_at_5, name).toEqual(expect.any(Number));
      expect(metrics.ndcg_at_10, name).toEqual(expect.any(Number));
    }
  });

  it('compares every ranker with --ranker all: default, legacy, keyword, bm25, then any other', async () => {
    const reports = (await evaluateJson(['--corpus', CORPUS, '--ranker', 'all'])) as unknown[];
    expect(Array.isArray(reports)).toBe(true);
    expect(rankerNames().slice(0, 4)).toEqual(['default', 'legacy', 'keyword', 'bm25']);
    expect(reports.map((report) => (report as RetrievalReport).ranker)).toEqual(rankerNames());
    for (const report of reports as RetrievalReport[]) {
      expectReportShape(report, corpus.tools.length, corpus.intents.length);
    }
  });

  it('runs one baseline with --ranker NAME', async () => {
    const report = (await evaluateJson([
      '--corpus',
      CORPUS,
      '--ranker',
      'bm25',
    ])) as RetrievalReport;
    expect(report.ranker).toBe('bm25');
    expectReportShape(report, corpus.tools.length, corpus.intents.length);
  });

  it('pads the catalog to --distractors tools, keeping every query', async () => {
    const report = (await evaluateJson([
      '--corpus',
      CORPUS,
      '--distractors',
      '500',
    ])) as RetrievalReport;
    expectReportShape(report, 500, corpus.intents.length);
  });

  it('leaves a catalog larger than --distractors as it is', async () => {
    const report = (await evaluateJson([
      '--corpus',
      CORPUS,
      '--distractors',
      '50',
      '--ranker',
      'keyword',
    ])) as RetrievalReport;
    expectReportShape(report, corpus.tools.length, corpus.intents.length);
  });

  it('reports no_match_accuracy null for a unified corpus without no_match intents', async () => {
    const path = await writeCorpus('unified.json', {
      tools: [
        {
          id: 't1',
          name: 'Weather / Forecast',
          description: 'Get the weather forecast for a city.',
        },
        {
          id: 't2',
          name: 'Currency / Convert',
          description: 'Convert an amount between currencies.',
        },
        { id: 't3', name: 'Recipes / Search', description: 'Find recipes by ingredient.' },
      ],
      queries: [
        { id: 'q1', query: 'will it rain in Paris tomorrow', relevant: { t1: 1 } },
        { id: 'q2', query: 'how many yen is 20 euros', relevant: { t2: 2 } },
      ],
    });
    for (const ranker of ['default', 'legacy']) {
      const report = (await evaluateJson([
        '--corpus',
        path,
        '--ranker',
        ranker,
      ])) as RetrievalReport;
      expectReportShape(report, 3, 2);
      expect(report.metrics.no_match_accuracy).toBeNull();
      expect(Object.keys(report.classes)).toEqual(['default']);
      expect(report.classes.default?.count).toBe(2);
    }
  });
});

describe('eval command: false empties, near-miss variants and skipped rows', () => {
  it('reports no skipped rows and the false empties of a valid corpus', async () => {
    const report = (await evaluateJson(['--corpus', CORPUS])) as PrintedReport;
    expect(report.skipped).toEqual({ tools: 0, queries: 0 });
    const answerable = corpus.intents.length - (report.classes.no_match?.count ?? 0);
    expect(report.metrics.false_empty_rate).toBe(report.metrics.false_empty_count / answerable);
  });

  it('lists the answerable queries answered with nothing', async () => {
    const path = await writeCorpus('false-empty.json', {
      tools: [{ name: 'weather__forecast', description: 'Get the weather forecast for a city.' }],
      intents: [
        { class: 'direct', query: 'weather forecast', relevance: { weather__forecast: 3 } },
        { class: 'direct', query: 'zzzz qqqq', relevance: { weather__forecast: 1 } },
        { class: 'no_match', query: 'xxxx yyyy', relevance: {} },
      ],
    });
    const report = (await evaluateJson(['--corpus', path])) as PrintedReport;
    expect(report.metrics).toMatchObject({ false_empty_count: 1, false_empty_rate: 0.5 });
    expect(report.false_empties).toEqual([
      { id: '1', query: 'zzzz qqqq', relevant: ['weather__forecast'] },
    ]);
    const readable = await evaluate(['--corpus', path]);
    expect(readable.stdout).toContain(
      'false empties of default (1 answerable query got no result):\n  "zzzz qqqq" → should find weather__forecast',
    );
  });

  it('scores the near-miss variant of --near-miss SEED, the same for the same seed', async () => {
    const report = (await evaluateJson(['--corpus', CORPUS, '--near-miss', '13'])) as PrintedReport;
    const nearMiss = report.near_miss as NearMissSummary;
    expect(Object.keys(nearMiss)).toEqual([
      'seed',
      'removed_tools',
      'no_match_queries',
      'dropped_queries',
      'method',
    ]);
    expect(nearMiss).toMatchObject({ seed: 13, method: NEAR_MISS_METHOD });
    expect(nearMiss.no_match_queries).toBeGreaterThanOrEqual(5);
    expect(report.tool_count).toBe(corpus.tools.length - nearMiss.removed_tools);
    expect(report.query_count).toBe(corpus.intents.length - nearMiss.dropped_queries);
    expect(report.classes.no_match?.count).toBe(nearMiss.no_match_queries);
    expectReportShape(report, report.tool_count, report.query_count);
    const again = (await evaluateJson(['--corpus', CORPUS, '--near-miss', '13'])) as PrintedReport;
    expect({ ...again, timing_ms: null }).toEqual({ ...report, timing_ms: null });
    const other = (await evaluateJson(['--corpus', CORPUS, '--near-miss', '14'])) as PrintedReport;
    expect(other.near_miss?.seed).toBe(14);

    const readable = await evaluate(['--corpus', CORPUS, '--near-miss', '13']);
    expect(readable.stdout.split('\n')[1]).toBe(
      `near-miss variant, seed 13: ${nearMiss.removed_tools} tools removed, ${nearMiss.no_match_queries} queries now no_match, ${nearMiss.dropped_queries} dropped; no-match is the near-miss no-match accuracy`,
    );
  });

  it('skips invalid rows with one warning and counts them; --strict refuses the file', async () => {
    const path = await writeCorpus('odd-rows.json', {
      tools: [
        { id: 't1', name: 'Weather / Forecast', description: 'Get the weather forecast.' },
        { id: 't2', name: '', description: '' },
        { id: 't3', name: 'Currency / Convert', description: 'Convert currencies.' },
      ],
      queries: [
        { id: 'q1', query: 'will it rain', relevant: { t1: 1 } },
        { id: 'q2', query: 'empty tool', relevant: { t2: 1 } },
        { id: 'q3', query: 'yen to euro', relevant: { t3: 1, t2: 1 } },
        { id: 'q4', relevant: { t1: 1 } },
      ],
    });
    const { report, stderr } = await evaluateJsonWithWarnings(['--corpus', path]);
    expect(stderr).toBe(
      'tool-disclosure eval: warning: skipped 1 invalid tool row and 2 invalid query rows of odd-rows (--strict refuses them): ' +
        'tools[1] needs a non-empty string "name"; queries[1] judges only skipped tools; queries[3].query must be a string\n',
    );
    expect((report as PrintedReport).skipped).toEqual({ tools: 1, queries: 2 });
    expectReportShape(report as PrintedReport, 2, 2);

    const strict = await evaluate(['--corpus', path, '--strict', '--json']);
    expect(strict).toEqual({
      code: 1,
      stdout: '',
      stderr: expect.stringMatching(
        /^tool-disclosure: Invalid evaluation corpus .*odd-rows\.json: tools\[1\] needs a non-empty string "name"\. Expected/,
      ),
    });
  });

  it('refuses a file that is not a corpus even without --strict', async () => {
    const path = await writeCorpus('scale-baseline.json', { version: 1, seed: 7405, cases: [] });
    const result = await evaluate(['--corpus', path, '--json']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      '"tools" must be an array, and this file has none (its keys are version, seed, cases): it is not a corpus.',
    );
  });
});

describe('eval command: readable output', () => {
  it('prints a table with one row per ranker', async () => {
    const result = await evaluate(['--corpus', CORPUS, '--ranker', 'all']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(
      `corpus: judged-corpus (${corpus.tools.length} tools, ${corpus.intents.length} queries)`,
    );
    expect(lines[2]).toMatch(
      /^ranker +R@1 +R@5 +R@10 +MRR +NDCG@10 +no-match +false-empty +FE rate +build ms +p50 ms$/,
    );
    expect(lines.slice(3, 3 + rankerNames().length).map((line) => line.split(/\s+/)[0])).toEqual(
      rankerNames(),
    );
  });

  it('prints its usage with --help', async () => {
    expect(await evaluate(['--help'])).toEqual({ code: 0, stdout: `${EVAL_USAGE}\n`, stderr: '' });
  });
});

describe('eval command: errors', () => {
  /** Expects a failure with no output, a message and no stack trace. */
  function expectFailure(result: Awaited<ReturnType<typeof evaluate>>, code: number) {
    expect(result.code).toBe(code);
    expect(result.stdout).toBe('');
    expect(result.stderr.startsWith('tool-disclosure: ')).toBe(true);
    expect(result.stderr.endsWith('\n')).toBe(true);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  }

  /** Expects a failure whose whole message is one line. */
  function expectOneLine(result: Awaited<ReturnType<typeof evaluate>>, code: number) {
    expectFailure(result, code);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  }

  it('requires --corpus: one line saying so, then the usage', async () => {
    const result = await evaluate(['--json']);
    expectFailure(result, 2);
    expect(result.stderr).toBe(`tool-disclosure: --corpus FILE is required\n\n${EVAL_USAGE}\n`);
  });

  it('rejects an unknown ranker, listing the valid ones', async () => {
    const result = await evaluate(['--corpus', CORPUS, '--ranker', 'dense', '--json']);
    expectOneLine(result, 2);
    expect(result.stderr).toBe(
      `tool-disclosure: --ranker must be one of ${[...rankerNames(), 'all'].join(', ')}, got "dense"\n`,
    );
  });

  it('rejects a missing corpus file', async () => {
    const missing = join(directory, 'missing.json');
    const result = await evaluate(['--corpus', missing, '--json']);
    expectOneLine(result, 2);
    expect(result.stderr).toContain(missing);
    expect(result.stderr).toContain('no such file');
  });

  it('rejects a corpus file that is not JSON', async () => {
    const result = await evaluate([
      '--corpus',
      await writeCorpus('broken.json', '{"tools": ['),
      '--json',
    ]);
    expectOneLine(result, 2);
    expect(result.stderr).toContain('not valid JSON');
  });

  it('rejects a corpus of neither format', async () => {
    const path = await writeCorpus('shapeless.json', { tools: [] });
    const result = await evaluate(['--corpus', path, '--json']);
    expectOneLine(result, 1);
    expect(result.stderr).toContain('neither an "intents" array');
  });

  it('rejects judgments of tools that do not exist', async () => {
    const path = await writeCorpus('stray.json', {
      tools: [{ name: 'notes__create', description: 'Create a note.' }],
      intents: [{ class: 'alias', query: 'new note', relevance: { notes__delete: 2 } }],
    });
    const result = await evaluate(['--corpus', path, '--json']);
    expectOneLine(result, 1);
    expect(result.stderr).toContain('unknown tool "notes__delete"');
  });

  it('rejects a --near-miss that is not a seed', async () => {
    const result = await evaluate(['--corpus', CORPUS, '--near-miss', 'random', '--json']);
    expectOneLine(result, 2);
    expect(result.stderr).toContain('--near-miss must be an integer of at least 0, got "random"');
  });

  it('rejects a --distractors that is not a count', async () => {
    const result = await evaluate(['--corpus', CORPUS, '--distractors', 'many', '--json']);
    expectOneLine(result, 2);
    expect(result.stderr).toContain('--distractors must be an integer');
  });
});
