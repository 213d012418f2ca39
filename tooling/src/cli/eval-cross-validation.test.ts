import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RankerCrossValidationReport } from '../eval/cross-validate-ranker.js';
import { CROSS_VALIDATION_SETS } from './gate-data-sets.js';
import { CROSS_VALIDATION_BEGIN, CROSS_VALIDATION_END } from './render-cross-validation.js';
import { runCliCaptured } from './run-cli-captured.case.js';

const evaluate = (args: readonly string[]) => runCliCaptured(['eval', ...args]);

async function writeJson(path: string, content: unknown) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(content));
}

/** Two tools and three judged queries: small enough to cross-validate in a test. */
const unified = {
  tools: [
    { id: 't1', name: 'Weather / Forecast', description: 'Get the weather forecast for a city.' },
    { id: 't2', name: 'Currency / Convert', description: 'Convert an amount between currencies.' },
    { id: 't3', name: 'Notes / Search', description: 'Search the notes by text.' },
  ],
  queries: [
    { id: 'q1', query: 'weather tomorrow in Paris', relevant: { t1: 1 } },
    { id: 'q2', query: 'convert 10 euros to dollars', relevant: { t2: 1 } },
    { id: 'q3', query: 'find my note about the budget', relevant: { t3: 1 } },
  ],
};

let directory = '';
let shared = '';
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'tool-disclosure-cross-validation-'));
  shared = join(directory, 'shared');
  for (const { file, bundled } of CROSS_VALIDATION_SETS) {
    if (bundled) continue;
    if (file.startsWith('ironclaw/')) {
      await writeJson(join(shared, 'benchmarks', file), {
        tools: [
          { name: 'notes__create', description: 'Create a note.' },
          { name: 'notes__search', description: 'Search notes by text.' },
        ],
        intents: [
          { class: 'exact_name', query: 'notes__create', relevance: { notes__create: 3 } },
          { class: 'alias', query: 'look for a note', relevance: { notes__search: 3 } },
          { class: 'no_match', query: 'qwzx vbnm', relevance: {} },
        ],
      });
    } else {
      await writeJson(join(shared, 'benchmarks', file), unified);
    }
  }
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const metricKeys = ['false_empty_rate', 'mrr', 'ndcg_at_10', 'no_match_accuracy', 'recall_at_5'];
const meanKeys = ['false_empty_rate', 'mrr', 'ndcg_at_10', 'recall_at_5'];

describe('eval --cross-validate', () => {
  it('prints the folds, their means in and out of fold, and the ablations as JSON', async () => {
    const result = await evaluate([
      '--cross-validate',
      '--shared',
      shared,
      '--budget',
      '2',
      '--json',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    const report = JSON.parse(result.stdout) as RankerCrossValidationReport;
    expect(Object.keys(report).sort()).toEqual([
      'ablations',
      'chosen_parameters',
      'folds',
      'mean_defaults',
      'mean_in_fold',
      'mean_out_of_fold',
      'method',
      'sensitivity',
    ]);
    expect(report.folds.map((fold) => fold.set)).toEqual(
      CROSS_VALIDATION_SETS.map((dataSet) => dataSet.label),
    );
    for (const fold of report.folds) {
      expect(Object.keys(fold).sort()).toEqual([
        'chosen_parameters',
        'defaults',
        'in_fold',
        'out_of_fold',
        'queries',
        'set',
      ]);
      for (const figures of [fold.in_fold, fold.out_of_fold, fold.defaults]) {
        expect(Object.keys(figures).sort()).toEqual(metricKeys);
      }
    }
    expect(report.folds[0]?.queries).toBe(3);
    for (const mean of [report.mean_in_fold, report.mean_out_of_fold, report.mean_defaults]) {
      expect(Object.keys(mean).sort()).toEqual(meanKeys);
    }
    const average =
      report.folds.reduce((sum, fold) => sum + fold.out_of_fold.ndcg_at_10, 0) /
      report.folds.length;
    expect(report.mean_out_of_fold.ndcg_at_10).toBeCloseTo(average, 12);
    expect(report.method.budget).toBe(2);
    expect(report.ablations.map((ablation) => ablation.signal)).toContain('synonyms');
    expect(report.ablations[0]?.out_of_fold).toHaveLength(report.folds.length);
    expect(report.sensitivity).toEqual([]);
    expect(result.stderr).toContain('chose parameters on every set: 2 candidates');
    expect(result.stderr).toMatch(/cross-validation ran in \d+ s/);
  });

  it('writes its section into --docs FILE, keeping the rest, and prints the tables', async () => {
    const docs = join(directory, 'retrieval.md');
    await writeFile(docs, '# Retrieval quality\n\nKept.\n');
    const run = () =>
      evaluate(['--cross-validate', '--shared', shared, '--budget', '1', '--docs', docs]);
    const first = await run();
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('| held-out set');
    expect(first.stdout).toContain('| signal');
    const written = await readFile(docs, 'utf8');
    expect(written.startsWith('# Retrieval quality\n\nKept.\n')).toBe(true);
    expect(written).toContain(CROSS_VALIDATION_BEGIN);
    expect(written).toContain(CROSS_VALIDATION_END);
    expect(written).toContain('### Ablations');
    expect(written).toContain('### Sensitivity');
    // A rerun replaces the section: the same bytes but the run time.
    await run();
    const again = await readFile(docs, 'utf8');
    const withoutTime = (text: string) => text.replace(/It took \d+ s/, 'It took N s');
    expect(withoutTime(again)).toBe(withoutTime(written));
  });

  it('needs --shared DIR with its benchmarks, and takes no flag of a single corpus', async () => {
    const missing = await evaluate(['--cross-validate']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--cross-validate needs --shared DIR');
    const withCorpus = await evaluate(['--cross-validate', '--shared', shared, '--corpus', 'x']);
    expect(withCorpus.code).toBe(2);
    expect(withCorpus.stderr).toContain('it takes no --corpus');
    const noBenchmarks = await evaluate(['--cross-validate', '--shared', directory]);
    expect(noBenchmarks.code).toBe(2);
    expect(noBenchmarks.stderr).toContain('benchmarks directory');
    const alone = await evaluate(['--corpus', 'judged-corpus', '--budget', '3']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--budget goes with --cross-validate');
    const budget = await evaluate(['--cross-validate', '--shared', shared, '--budget', '0']);
    expect(budget.code).toBe(2);
  });
});
