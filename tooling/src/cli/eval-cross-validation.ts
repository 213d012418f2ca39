import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  crossValidateRanker,
  type RankerCrossValidationReport,
} from '../eval/cross-validate-ranker.js';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import type { CliIo } from './cli-io.js';
import { CliUsageError } from './cli-usage-error.js';
import { CROSS_VALIDATION_SETS } from './gate-data-sets.js';
import { describeSkippedRows } from './load-eval-corpus-file.js';
import { loadGateDataSet } from './load-gate-data-set.js';
import {
  renderAblationTable,
  renderChoiceTable,
  renderFoldTable,
  renderRechosenTable,
  renderSensitivityTable,
  replaceCrossValidationSection,
} from './render-cross-validation.js';
import { renderCrossValidationDocs } from './render-cross-validation-docs.js';

export interface EvalCrossValidationSettings {
  /** DIR, holding DIR/benchmarks. */
  readonly shared: string;
  readonly json: boolean;
  /** The page whose generated section is written (with each parameter's sensitivity). */
  readonly docs: string | undefined;
  /** Candidate points per choice of parameters. */
  readonly budget: number | undefined;
}

/**
 * `tool-disclosure eval --cross-validate`: leave-one-set-out cross-validation of the default
 * ranker's parameters over every set `gates` runs (`CROSS_VALIDATION_SETS`), with each signal
 * switched off in turn; prints the report (`--json`: as `RankerCrossValidationReport`) and
 * with `--docs FILE` writes its tables into FILE's generated section.
 */
export async function evalCrossValidation(
  { shared, json, docs, budget }: EvalCrossValidationSettings,
  io: CliIo,
): Promise<number> {
  const benchmarks = join(shared, 'benchmarks');
  if (!existsSync(benchmarks)) {
    throw new CliUsageError({
      message: `no ${benchmarks} directory: --cross-validate holds out each of its sets in turn`,
    });
  }
  const start = performance.now();
  const sets = new Map<string, EvalCorpus>();
  for (const dataSet of CROSS_VALIDATION_SETS) {
    const corpus = await loadGateDataSet(dataSet, benchmarks);
    const warning = describeSkippedRows(corpus);
    if (warning !== undefined) io.stderr(`tool-disclosure eval: warning: ${warning}\n`);
    sets.set(dataSet.label, corpus);
  }
  let phaseStart = performance.now();
  const took = () => {
    const now = performance.now();
    const text = ((now - phaseStart) / 1000).toFixed(0);
    phaseStart = now;
    return text;
  };
  const report = await crossValidateRanker({
    sets,
    ...(budget !== undefined && { budget }),
    sensitivity: docs !== undefined,
    onChoice: (heldOut, { evaluations }) =>
      io.stderr(
        `chose parameters on ${heldOut === undefined ? 'every set' : `every set but ${heldOut}`}: ` +
          `${evaluations} candidates in ${took()} s\n`,
      ),
    onPhase: (phase) => {
      took();
      io.stderr(
        `${
          phase === 'ablations'
            ? 'switching each signal off'
            : phase === 'rechoosing'
              ? 'choosing again without a signal that does not pay switched off'
              : 'moving each parameter alone'
        }\n`,
      );
    },
  });
  const elapsed = (performance.now() - start) / 1000;
  io.stderr(`cross-validation ran in ${elapsed.toFixed(0)} s\n`);
  if (json) io.stdout(`${JSON.stringify(report)}\n`);
  else io.stdout(`${renderReport(report).join('\n')}\n`);
  if (docs !== undefined) {
    try {
      const page = existsSync(docs) ? await readFile(docs, 'utf8') : '';
      await writeFile(
        docs,
        replaceCrossValidationSection(page, renderCrossValidationDocs(report, elapsed)),
      );
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new CliUsageError({
        message: `cannot write ${docs}: ${code ?? (error as Error).message}`,
        cause: error,
      });
    }
  }
  return 0;
}

function renderReport(report: RankerCrossValidationReport): string[] {
  return [
    'Leave-one-set-out cross-validation of the default ranker (today: parameters as they are;',
    'in: chosen on every set; out: chosen on the other sets, scored on the held-out one):',
    '',
    ...renderFoldTable(report),
    '',
    ...renderChoiceTable(report),
    ...(report.ablations.length === 0
      ? []
      : [
          '',
          'Each signal switched off, out of fold (NDCG@10 change):',
          '',
          ...renderAblationTable(report),
          ...(report.ablations.some((ablation) => ablation.rechosen !== undefined)
            ? ['', 'Chosen again without the signal:', '', ...renderRechosenTable(report)]
            : []),
        ]),
    ...(report.sensitivity.length === 0
      ? []
      : [
          '',
          'Each parameter moved alone (mean NDCG@10 over the sets):',
          '',
          ...renderSensitivityTable(report),
        ]),
  ];
}
