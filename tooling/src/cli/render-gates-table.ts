import type { NearMissSummary } from '../eval/build-near-miss-corpus.js';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import type { RetrievalReport } from '../eval/evaluate-ranker.js';
import type { RetrievalMetricName } from '../eval/retrieval-gates.js';
import { markdownColumns, renderMarkdownTable } from '../report/markdown-table.js';
import { GATE_DATA_SETS, type GateDataSet } from './gate-data-sets.js';

/** The column header of each metric. */
export const METRIC_LABELS: Readonly<Record<RetrievalMetricName, string>> = {
  recall_at_1: 'R@1',
  recall_at_3: 'R@3',
  recall_at_5: 'R@5',
  recall_at_10: 'R@10',
  mrr: 'MRR',
  ndcg_at_5: 'NDCG@5',
  ndcg_at_10: 'NDCG@10',
  no_match_accuracy: 'no-match',
};

const QUALITY_COLUMNS: readonly RetrievalMetricName[] = [
  'recall_at_1',
  'recall_at_5',
  'recall_at_10',
  'mrr',
  'ndcg_at_5',
  'ndcg_at_10',
  'no_match_accuracy',
];

/** One row of the table: a data set run by one ranker. */
export interface GatesRow {
  dataSet: GateDataSet;
  report: RetrievalReport;
  /** The same ranker on the set's near-miss variant. */
  nearMiss: RetrievalReport;
}

/** What loading and the near-miss variant did to one benchmark file. */
export interface GatesVariant {
  dataSet: GateDataSet;
  corpus: EvalCorpus;
  nearMiss: { corpus: EvalCorpus; summary: NearMissSummary };
}

/** The verdict under the tables: every gate passed, or the list of missed gates. */
export function renderResult(failures: readonly string[]): string[] {
  return failures.length === 0
    ? ['All gates passed.']
    : [
        `${failures.length} gate${failures.length === 1 ? '' : 's'} missed:`,
        '',
        ...failures.map((failure) => `- ${failure}`),
      ];
}

/** The metrics of each row; false empties and the near-miss no-match accuracy are reported, never gated. */
export function renderGatesTable(
  rows: readonly GatesRow[],
  { timings }: { timings: boolean },
): string[] {
  return renderMarkdownTable(
    markdownColumns(
      [
        'data set',
        'ranker',
        'tools',
        'queries',
        ...QUALITY_COLUMNS.map((metric) => METRIC_LABELS[metric]),
        'false-empty',
        'FE rate',
        'near-miss no-match',
        ...(timings ? ['build ms', 'p50 ms', 'p99 ms'] : []),
      ],
      2,
    ),
    rows.map(({ dataSet, report, nearMiss }) => [
      dataSet.label,
      report.ranker,
      String(report.tool_count),
      String(report.query_count),
      ...QUALITY_COLUMNS.map((metric) => score(report.metrics[metric])),
      String(report.metrics.false_empty_count),
      score(report.metrics.false_empty_rate),
      score(nearMiss.metrics.no_match_accuracy),
      ...(timings ? timingCells(report) : []),
    ]),
    { padded: true },
  );
}

/** What each set's near-miss variant removed, kept and dropped, and the rows its loading skipped. */
export function renderNearMissVariants(variants: readonly GatesVariant[]): string[] {
  return renderMarkdownTable(
    markdownColumns(
      [
        'corpus',
        'tools',
        'queries',
        'skipped rows',
        'removed tools',
        'no-match queries',
        'kept queries',
        'dropped queries',
      ],
      1,
    ),
    variants.map(({ dataSet, corpus, nearMiss }) => [
      dataSet.bundled ? `${dataSet.file} (bundled)` : dataSet.file,
      String(corpus.tools.length),
      String(corpus.intents.length),
      String((corpus.skipped?.tools ?? 0) + (corpus.skipped?.queries ?? 0)),
      String(nearMiss.summary.removed_tools),
      String(nearMiss.summary.no_match_queries),
      String(nearMiss.corpus.intents.length - nearMiss.summary.no_match_queries),
      String(nearMiss.summary.dropped_queries),
    ]),
    { padded: true },
  );
}

/** The build time and the median and 99th-percentile query times of a run, in milliseconds. */
export function timingCells({ timing_ms }: RetrievalReport): string[] {
  return [
    timing_ms.build.toFixed(1),
    timing_ms.query_p50.toFixed(3),
    timing_ms.query_p99.toFixed(3),
  ];
}

/** R@5 / NDCG@10 of each intent class of a data set (the first by default), one column per ranker. */
export function renderClasses(
  rows: readonly GatesRow[],
  dataSet: GateDataSet = GATE_DATA_SETS[0] as GateDataSet,
): { title: string; table: string[] } {
  const own = rows.filter((row) => row.dataSet === dataSet);
  const classes = own[0]?.report.classes ?? {};
  return {
    title: `${dataSet.label} by intent class (R@5 / NDCG@10)`,
    table: renderMarkdownTable(
      markdownColumns(['class', 'intents', ...own.map((row) => row.report.ranker)], 1),
      Object.entries(classes).map(([name, { count }]) => [
        name,
        String(count),
        ...own.map(({ report }) => {
          const metrics = report.classes[name];
          return metrics?.recall_at_5 == null
            ? '-'
            : `${score(metrics.recall_at_5)} / ${score(metrics.ndcg_at_10)}`;
        }),
      ]),
      { padded: true },
    ),
  };
}

function score(value: number | null): string {
  return value === null ? '-' : value.toFixed(4);
}
