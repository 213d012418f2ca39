import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import { evaluateRanker, type RetrievalReport } from '../eval/evaluate-ranker.js';
import {
  APIGEN_GATES,
  BASELINE_LEAD_METRICS,
  checkBaselineLead,
  checkRetrievalGates,
  IRONCLAW_GATES,
  PADDED_1000_GATES,
  PADDED_10000_GATES,
  type RetrievalGates,
  type RetrievalMetricName,
  TOOLLENS_GATES,
  TOOLLENS_LEAD_METRICS,
} from '../eval/retrieval-gates.js';
import type { Ranker } from '../search/ranker.js';
import { RANKERS } from '../search/rankers.js';
import type { CliIo } from './cli-io.js';
import { CliUsageError } from './cli-usage-error.js';
import { loadEvalCorpusFile } from './load-eval-corpus-file.js';
import { parseCommandLine } from './parse-command-line.js';
import { rankerNames } from './ranker-names.js';

export const GATES_USAGE = `Usage: tool-disclosure gates --shared DIR [--docs FILE]

Runs every ranker on the public benchmarks in DIR/benchmarks (IronClaw, plain and padded to 1,000
and 10,000 tools; the ToolLens test split; the ToolRet APIGen subset), checks the retrieval gates
(minimum recall, MRR and NDCG per data set and per intent class) and the default ranker's lead
over every baseline, and prints a Markdown table and the
missed gates. Exits 1 when a gate is missed. Does nothing when DIR/benchmarks does not exist.
--docs FILE also writes the tables to FILE; apart from the timings table, reruns write the same bytes.`;

/** One row group of the table: a benchmark file, maybe padded, and the gates of its default run. */
interface DataSet {
  label: string;
  /** Relative to DIR/benchmarks. */
  file: string;
  distractors?: number;
  /** Run every ranker, or only the default one. */
  allRankers: boolean;
  gates: RetrievalGates;
  /** Metrics on which the default ranker must beat every baseline. */
  lead: readonly RetrievalMetricName[];
}

const ironclaw = 'ironclaw/tool_search_relevance.json';

const DATA_SETS: readonly DataSet[] = [
  {
    label: 'IronClaw',
    file: ironclaw,
    allRankers: true,
    gates: IRONCLAW_GATES,
    lead: BASELINE_LEAD_METRICS,
  },
  {
    label: 'IronClaw, 1,000 tools',
    file: ironclaw,
    distractors: 1000,
    allRankers: false,
    gates: PADDED_1000_GATES,
    lead: [],
  },
  {
    label: 'IronClaw, 10,000 tools',
    file: ironclaw,
    distractors: 10000,
    allRankers: false,
    gates: PADDED_10000_GATES,
    lead: [],
  },
  {
    label: 'ToolLens test',
    file: 'toollens/toollens_test.json',
    allRankers: true,
    gates: TOOLLENS_GATES,
    lead: TOOLLENS_LEAD_METRICS,
  },
  {
    label: 'ToolRet APIGen',
    file: 'toolret_subsets/apigen.json',
    allRankers: true,
    gates: APIGEN_GATES,
    lead: BASELINE_LEAD_METRICS,
  },
];

const DEFAULT_RANKER = 'default';

const METRIC_LABELS: Readonly<Record<RetrievalMetricName, string>> = {
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

interface Row {
  dataSet: DataSet;
  report: RetrievalReport;
}

/** `tool-disclosure gates`: the retrieval gates of every ranker on the shared benchmarks. */
export async function gatesCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(
    args,
    { shared: { type: 'string' }, docs: { type: 'string' } },
    GATES_USAGE,
  );
  if (values.help) {
    io.stdout(`${GATES_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) {
    throw new CliUsageError({
      message: `unexpected argument ${JSON.stringify(positionals[0])}\n\n${GATES_USAGE}`,
    });
  }
  if (values.shared === undefined) {
    throw new CliUsageError({ message: `--shared DIR is required\n\n${GATES_USAGE}` });
  }
  const benchmarks = join(values.shared, 'benchmarks');
  if (!existsSync(benchmarks)) {
    io.stderr(`tool-disclosure gates: no ${benchmarks} directory; no gates checked\n`);
    return 0;
  }

  const corpora = new Map<string, EvalCorpus>();
  const rows: Row[] = [];
  const failures: string[] = [];
  for (const dataSet of DATA_SETS) {
    let corpus = corpora.get(dataSet.file);
    if (corpus === undefined) {
      corpus = await loadEvalCorpusFile(join(benchmarks, dataSet.file));
      corpora.set(dataSet.file, corpus);
    }
    const reports: RetrievalReport[] = [];
    for (const name of dataSet.allRankers ? rankerNames() : [DEFAULT_RANKER]) {
      const start = performance.now();
      const report = await evaluateRanker({
        corpus,
        ranker: (RANKERS[name] as () => Ranker)(),
        ...(dataSet.distractors !== undefined && { distractors: dataSet.distractors }),
      });
      io.stderr(
        `evaluated ${dataSet.label} with ${name} in ${((performance.now() - start) / 1000).toFixed(1)} s\n`,
      );
      reports.push(report);
      rows.push({ dataSet, report });
    }
    const [candidate, ...baselines] = reports as [RetrievalReport, ...RetrievalReport[]];
    failures.push(
      ...checkRetrievalGates(candidate, dataSet.gates).map(
        (failure) => `${dataSet.label} (${candidate.ranker}): ${failure}`,
      ),
      ...checkBaselineLead(candidate, baselines, dataSet.lead).map(
        (failure) => `${dataSet.label}: ${failure}`,
      ),
    );
  }

  const result = renderResult(failures);
  const classes = renderClasses(rows);
  io.stdout(
    `${[
      ...renderTable(rows, { timings: true }),
      '',
      `${classes.title}:`,
      '',
      ...classes.table,
      '',
      ...result,
    ].join('\n')}\n`,
  );
  if (values.docs !== undefined) {
    try {
      await writeFile(values.docs, renderDocs(rows, result));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new CliUsageError({
        message: `cannot write ${values.docs}: ${code ?? (error as Error).message}`,
        cause: error,
      });
    }
  }
  return failures.length === 0 ? 0 : 1;
}

function renderResult(failures: readonly string[]): string[] {
  return failures.length === 0
    ? ['All gates passed.']
    : [
        `${failures.length} gate${failures.length === 1 ? '' : 's'} missed:`,
        '',
        ...failures.map((failure) => `- ${failure}`),
      ];
}

function renderTable(rows: readonly Row[], { timings }: { timings: boolean }): string[] {
  return markdownTable(
    [
      'data set',
      'ranker',
      'tools',
      'queries',
      ...QUALITY_COLUMNS.map((metric) => METRIC_LABELS[metric]),
      ...(timings ? ['build ms', 'p50 ms', 'p99 ms'] : []),
    ],
    rows.map(({ dataSet, report }) => [
      dataSet.label,
      report.ranker,
      String(report.tool_count),
      String(report.query_count),
      ...QUALITY_COLUMNS.map((metric) => score(report.metrics[metric])),
      ...(timings ? timingCells(report) : []),
    ]),
  );
}

function timingCells({ timing_ms }: RetrievalReport): string[] {
  return [
    timing_ms.build.toFixed(1),
    timing_ms.query_p50.toFixed(3),
    timing_ms.query_p99.toFixed(3),
  ];
}

/** R@5 / NDCG@10 of each intent class of the first data set, one column per ranker. */
function renderClasses(rows: readonly Row[]): { title: string; table: string[] } {
  const dataSet = DATA_SETS[0] as DataSet;
  const own = rows.filter((row) => row.dataSet === dataSet);
  const classes = own[0]?.report.classes ?? {};
  return {
    title: `${dataSet.label} by intent class (R@5 / NDCG@10)`,
    table: markdownTable(
      ['class', 'intents', ...own.map((row) => row.report.ranker)],
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
      1,
    ),
  };
}

function renderDocs(rows: readonly Row[], result: readonly string[]): string {
  const classes = renderClasses(rows);
  return `${[
    '# Retrieval quality',
    '',
    'Every ranker on the public benchmark sets (the folder `gates --shared DIR` reads), with the metrics of',
    '`tool-disclosure eval`. `default` is the Orama ranker; `legacy`, `keyword` and `bm25` are the',
    'baselines. CI runs the same command after the tests and fails when a gate is missed. Regenerate',
    'this page with:',
    '',
    '```sh',
    'npm run build && node dist/cli/main.js gates --shared DIR --docs docs/retrieval.md',
    '```',
    '',
    'Metrics are deterministic: only the timings table at the end changes between reruns.',
    '',
    '## Quality',
    '',
    ...renderTable(rows, { timings: false }),
    '',
    `## ${classes.title}`,
    '',
    ...classes.table,
    '',
    '## Gates',
    '',
    'Checked on the `default` ranker:',
    '',
    ...DATA_SETS.map((dataSet) => `- ${dataSet.label}: ${describeGates(dataSet)}.`),
    '',
    ...result,
    '',
    '## Timings',
    '',
    'Milliseconds on the machine that last ran the command; printed, never gated.',
    '',
    ...markdownTable(
      ['data set', 'ranker', 'tools', 'build ms', 'p50 ms', 'p99 ms'],
      rows.map(({ dataSet, report }) => [
        dataSet.label,
        report.ranker,
        String(report.tool_count),
        ...timingCells(report),
      ]),
    ),
  ].join('\n')}\n`;
}

function describeGates({ gates, lead }: DataSet): string {
  const minimum = ([metric, value]: [string, number]) =>
    `${METRIC_LABELS[metric as RetrievalMetricName]} ${value === 1 ? '=' : '≥'} ${value}`;
  const parts = Object.entries(gates.metrics ?? {}).map(minimum);
  const { except = [], ...classMinimums } = gates.classes ?? {};
  const classParts = Object.entries(classMinimums).map(minimum);
  if (classParts.length > 0) {
    const but = except.length === 0 ? '' : ` but ${except.join(', ')}`;
    parts.push(`every class${but} ${classParts.join(' and ')}`);
  }
  if (lead.length > 0) {
    parts.push(`above every baseline on ${lead.map((metric) => METRIC_LABELS[metric]).join(', ')}`);
  }
  return parts.join(', ');
}

/** A Markdown table padded to aligned columns: the first `textColumns` left-aligned, the rest right. */
function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  textColumns = 2,
): string[] {
  const isText = (column: number) => column < textColumns;
  const widths = header.map((cell, column) =>
    Math.max(3, cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells
      .map((cell, column) =>
        isText(column)
          ? cell.padEnd(widths[column] as number)
          : cell.padStart(widths[column] as number),
      )
      .join(' | ')} |`;
  const rule = `| ${widths
    .map((width, column) => (isText(column) ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`))
    .join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)];
}

function score(value: number | null): string {
  return value === null ? '-' : value.toFixed(4);
}
