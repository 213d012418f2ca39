import type { RankerCrossValidationReport } from '../eval/cross-validate-ranker.js';
import type { ParameterPoint } from '../eval/parameter-point.js';
import type { SetScore } from '../eval/set-score.js';
import { markdownColumns, renderMarkdownTable } from '../report/markdown-table.js';

/** The lines that open and close the generated section of docs/retrieval.md. */
export const CROSS_VALIDATION_BEGIN =
  '<!-- cross-validation: begin (eval --cross-validate --docs) -->';
export const CROSS_VALIDATION_END = '<!-- cross-validation: end -->';

/** The in-fold / out-of-fold table: each set's figures today, in fold and out of fold, and their means. */
export function renderFoldTable(report: RankerCrossValidationReport): string[] {
  const metrics: readonly (keyof SetScore & keyof RankerCrossValidationReport['mean_in_fold'])[] = [
    'ndcg_at_10',
    'recall_at_5',
    'mrr',
    'false_empty_rate',
  ];
  const labels = { ndcg_at_10: 'NDCG@10', recall_at_5: 'R@5', mrr: 'MRR', false_empty_rate: 'FE' };
  const header = [
    'held-out set',
    'queries',
    ...metrics.flatMap((metric) => [
      `${labels[metric]} today`,
      `${labels[metric]} in`,
      `${labels[metric]} out`,
    ]),
  ];
  const rows = report.folds.map((fold) => [
    fold.set,
    String(fold.queries),
    ...metrics.flatMap((metric) => [
      figure(fold.defaults[metric]),
      figure(fold.in_fold[metric]),
      figure(fold.out_of_fold[metric]),
    ]),
  ]);
  rows.push([
    'mean',
    '',
    ...metrics.flatMap((metric) => [
      figure(report.mean_defaults[metric]),
      figure(report.mean_in_fold[metric]),
      figure(report.mean_out_of_fold[metric]),
    ]),
  ]);
  return markdownTable(header, rows, 1);
}

/** The parameters chosen without each set, and on every set, as moved from today's. */
export function renderChoiceTable(report: RankerCrossValidationReport): string[] {
  return markdownTable(
    ['chosen on', 'parameters moved from today'],
    [
      ...report.folds.map((fold) => [
        `every set but ${fold.set}`,
        describePoint(fold.chosen_parameters),
      ]),
      ['every set (in fold)', describePoint(report.chosen_parameters)],
    ],
  );
}

/** The ablation table: each signal switched off, its out-of-fold NDCG@10 change on every set. */
export function renderAblationTable(report: RankerCrossValidationReport): string[] {
  const sets = report.folds.map((fold) => fold.set);
  const outOfFold = new Map(report.folds.map((fold) => [fold.set, fold.out_of_fold]));
  return markdownTable(
    [
      'signal',
      'switched off by',
      'mean',
      ...sets,
      'no-match',
      'FE',
      'pays',
      'chosen again without',
      'verdict',
    ],
    report.ablations.map((ablation) => [
      ablation.signal,
      describePoint(ablation.switched_off),
      change(ablation.mean_ndcg_at_10_change),
      ...ablation.out_of_fold.map((fold) =>
        change(fold.ndcg_at_10 - (outOfFold.get(fold.set) as SetScore).ndcg_at_10),
      ),
      ablation.mean_no_match_change === null ? '-' : change(ablation.mean_no_match_change),
      change(ablation.mean_false_empty_change),
      ablation.pays_switched_off ? 'yes' : 'no',
      ablation.rechosen === undefined ? '-' : change(ablation.rechosen.mean_ndcg_at_10_change),
      ablation.pays ? 'stays' : '**goes**',
    ]),
    2,
  );
}

/**
 * The signals chosen again without: each set's out-of-fold NDCG@10 change when every choice is
 * made without the signal, against the cross-validation with it.
 */
export function renderRechosenTable(report: RankerCrossValidationReport): string[] {
  const sets = report.folds.map((fold) => fold.set);
  const outOfFold = new Map(report.folds.map((fold) => [fold.set, fold.out_of_fold]));
  return markdownTable(
    ['signal', 'mean', ...sets],
    report.ablations.flatMap((ablation) =>
      ablation.rechosen === undefined
        ? []
        : [
            [
              ablation.signal,
              change(ablation.rechosen.mean_ndcg_at_10_change),
              ...ablation.rechosen.out_of_fold.map((fold) =>
                change(fold.ndcg_at_10 - (outOfFold.get(fold.set) as SetScore).ndcg_at_10),
              ),
            ],
          ],
    ),
    1,
  );
}

/** Each parameter moved alone: the mean NDCG@10 over the sets at each of its values, today's in bold. */
export function renderSensitivityTable(report: RankerCrossValidationReport): string[] {
  return markdownTable(
    ['parameter', 'mean NDCG@10 at each value (today in bold)', 'today - best other'],
    report.sensitivity.map((sweep) => {
      const today = sweep.values.find((one) => one.value === sweep.start)?.ndcg_at_10 ?? 0;
      const others = sweep.values.filter((one) => one.value !== sweep.start);
      const bestOther = Math.max(...others.map((one) => one.ndcg_at_10));
      return [
        sweep.name,
        sweep.values
          .map(({ value, ndcg_at_10 }) => {
            const cell = `${String(value)}: ${ndcg_at_10.toFixed(4)}`;
            return value === sweep.start ? `**${cell}**` : cell;
          })
          .join(', '),
        change(today - bestOther),
      ];
    }),
  );
}

/** A point as `name = value` pairs, or "none (today's)" for the start. */
export function describePoint(point: ParameterPoint): string {
  const names = Object.keys(point);
  if (names.length === 0) return "none (today's)";
  return names.map((name) => `${name} = ${String(point[name])}`).join(', ');
}

/**
 * `text` with the generated section replaced by `section` (markers included); without one,
 * with it put before the timings (`## Timings`, where `gates --docs` keeps it) or at the end.
 */
export function replaceCrossValidationSection(text: string, section: string): string {
  const begin = text.indexOf(CROSS_VALIDATION_BEGIN);
  const end = text.indexOf(CROSS_VALIDATION_END);
  if (begin < 0 || end < begin) {
    const timings = text.indexOf('\n## Timings\n');
    if (timings >= 0) {
      return `${text.slice(0, timings + 1)}${section.trimEnd()}\n\n${text.slice(timings + 1)}`;
    }
    return `${text.endsWith('\n') || text.length === 0 ? text : `${text}\n`}\n${section}`;
  }
  return `${text.slice(0, begin)}${section.trimEnd()}${text.slice(end + CROSS_VALIDATION_END.length)}`;
}

/** The generated section of `text` (markers included, and a final newline), if it has one. */
export function crossValidationSectionOf(text: string): string | undefined {
  const begin = text.indexOf(CROSS_VALIDATION_BEGIN);
  const end = text.indexOf(CROSS_VALIDATION_END);
  if (begin < 0 || end < begin) return undefined;
  return `${text.slice(begin, end + CROSS_VALIDATION_END.length)}\n`;
}

function figure(value: number): string {
  return value.toFixed(4);
}

function change(value: number): string {
  const rounded = value.toFixed(4);
  if (rounded === '0.0000' || rounded === '-0.0000') return '0';
  return value > 0 ? `+${rounded}` : rounded;
}

/** A padded Markdown table whose first `textColumns` columns are text, the rest figures. */
function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  textColumns = 2,
): string[] {
  return renderMarkdownTable(markdownColumns(header, textColumns), rows, { padded: true });
}
