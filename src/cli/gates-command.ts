import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  buildNearMissCorpus,
  NEAR_MISS_METHOD,
  NEAR_MISS_SEED,
  type NearMissSummary,
} from '../eval/build-near-miss-corpus.js';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import { evaluateRanker, type RetrievalReport } from '../eval/evaluate-ranker.js';
import { parseEvalCorpus } from '../eval/load-eval-corpus.js';
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
import { describeSkippedRows, loadEvalCorpusFile } from './load-eval-corpus-file.js';
import { parseCommandLine } from './parse-command-line.js';
import { RANKER_ORDER, rankerNames } from './ranker-names.js';
import { resolveCorpusPath } from './resolve-corpus-path.js';

export const GATES_USAGE = `Usage: tool-disclosure gates --shared DIR [--docs FILE]

Runs every ranker on the public benchmarks in DIR/benchmarks (IronClaw, plain and padded to 1,000
and 10,000 tools; the ToolLens test split; the ToolRet APIGen, API-Bank, Gorilla HuggingFace and
ToolLink subsets; MetaTool ToolE single- and multi-tool) and on the bundled judged corpus, checks the
retrieval gates (minimum recall, MRR and NDCG per data set and per intent class) and the default
ranker's lead over every baseline, and prints a Markdown table and the missed gates. The table also
reports, never gates, the false empties (queries with an answer that got no result) and the
no-match accuracy of each set's near-miss variant (seed ${NEAR_MISS_SEED}).
Exits 1 when a gate is missed. Does nothing when DIR/benchmarks does not exist.
--docs FILE also writes the tables to FILE; apart from the timings table, reruns write the same bytes.`;

/** One row group of the table: a benchmark file, maybe padded, and the gates of its default run. */
interface DataSet {
  label: string;
  /** Relative to DIR/benchmarks, or the name of a corpus bundled with the package. */
  file: string;
  bundled?: boolean;
  /** A bundled corpus whose tools (and namespaces) are the catalog, `file` holding intents only. */
  catalog?: string;
  /**
   * Whether the no-key rankers' false empties are gated (`NO_KEY_GATES`) or only reported, as on a
   * set made of requests in words no tool uses. @default 'gated'
   */
  falseEmpties?: 'gated' | 'reported';
  distractors?: number;
  /** Run every ranker, or only the default one. */
  allRankers: boolean;
  gates: RetrievalGates;
  /** Metrics on which the default ranker must beat every baseline. */
  lead: readonly RetrievalMetricName[];
}

const ironclaw = 'ironclaw/tool_search_relevance.json';

/** No gate: the set's figures are reported only. */
const REPORTED_ONLY: RetrievalGates = Object.freeze({});

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
  {
    label: 'ToolRet API-Bank',
    file: 'toolret_subsets/apibank.json',
    allRankers: true,
    gates: REPORTED_ONLY,
    lead: [],
  },
  {
    label: 'ToolRet Gorilla HF',
    file: 'toolret_subsets/gorilla_huggingface.json',
    allRankers: true,
    gates: REPORTED_ONLY,
    lead: [],
  },
  {
    label: 'ToolRet ToolLink',
    file: 'toolret_subsets/toolink.json',
    allRankers: true,
    gates: REPORTED_ONLY,
    lead: [],
  },
  {
    label: 'MetaTool ToolE single',
    file: 'metatool_toole/toole_single.json',
    allRankers: true,
    gates: REPORTED_ONLY,
    lead: [],
  },
  {
    label: 'MetaTool ToolE multi',
    file: 'metatool_toole/toole_multi.json',
    allRankers: true,
    gates: REPORTED_ONLY,
    lead: [],
  },
  {
    label: 'Own judged corpus',
    file: 'judged-corpus',
    bundled: true,
    allRankers: true,
    gates: REPORTED_ONLY,
    lead: [],
  },
  {
    label: 'Own paraphrases',
    file: 'paraphrase-intents',
    bundled: true,
    catalog: 'judged-corpus',
    falseEmpties: 'reported',
    allRankers: true,
    gates: REPORTED_ONLY,
    lead: [],
  },
];

const DEFAULT_RANKER = 'default';

/**
 * The rankers without an API key that read a request no tool shares a word
 * with through word vectors (the default, in Node, and `vectors`): on every
 * set each may answer at most this share of the answerable queries with nothing.
 */
const NO_KEY_RANKERS: readonly string[] = ['default', 'vectors'];
const NO_KEY_GATES: RetrievalGates = Object.freeze({ maxFalseEmptyRate: 0.005 });

/** The rankers the default one must lead: the baselines after it in `RANKER_ORDER`. */
const BASELINE_RANKERS: readonly string[] = RANKER_ORDER.slice(1);

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
  /** The same ranker on the set's near-miss variant. */
  nearMiss: RetrievalReport;
}

/** What loading and the near-miss variant did to one benchmark file. */
interface Variant {
  dataSet: DataSet;
  corpus: EvalCorpus;
  nearMiss: { corpus: EvalCorpus; summary: NearMissSummary };
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

  const runStart = performance.now();
  const variants = new Map<string, Variant>();
  const rows: Row[] = [];
  const failures: string[] = [];
  for (const dataSet of DATA_SETS) {
    let variant = variants.get(dataSet.file);
    if (variant === undefined) {
      const corpus =
        dataSet.catalog === undefined
          ? await loadEvalCorpusFile(
              dataSet.bundled ? dataSet.file : join(benchmarks, dataSet.file),
            )
          : await loadIntentsOverCorpus(dataSet.file, dataSet.catalog);
      const warning = describeSkippedRows(corpus);
      if (warning !== undefined) io.stderr(`tool-disclosure gates: warning: ${warning}\n`);
      variant = {
        dataSet,
        corpus,
        nearMiss: buildNearMissCorpus({ corpus, seed: NEAR_MISS_SEED }),
      };
      variants.set(dataSet.file, variant);
    }
    const reports: RetrievalReport[] = [];
    for (const name of dataSet.allRankers ? rankerNames() : [DEFAULT_RANKER]) {
      const start = performance.now();
      const evaluate = (corpus: EvalCorpus) =>
        evaluateRanker({
          corpus,
          ranker: (RANKERS[name] as () => Ranker)(),
          ...(dataSet.distractors !== undefined && { distractors: dataSet.distractors }),
        });
      // One after the other, so that neither run's timings include the other's queries.
      const report = await evaluate(variant.corpus);
      rows.push({ dataSet, report, nearMiss: await evaluate(variant.nearMiss.corpus) });
      io.stderr(
        `evaluated ${dataSet.label} and its near-miss variant with ${name} in ${((performance.now() - start) / 1000).toFixed(1)} s\n`,
      );
      reports.push(report);
    }
    // The lead is over the baselines only; another candidate (hybrid) is compared in the table.
    const [candidate, ...others] = reports as [RetrievalReport, ...RetrievalReport[]];
    const baselines = others.filter((report) => BASELINE_RANKERS.includes(report.ranker));
    failures.push(
      ...checkRetrievalGates(candidate, dataSet.gates).map(
        (failure) => `${dataSet.label} (${candidate.ranker}): ${failure}`,
      ),
      ...checkBaselineLead(candidate, baselines, dataSet.lead).map(
        (failure) => `${dataSet.label}: ${failure}`,
      ),
      ...reports
        .filter(
          (report) => dataSet.falseEmpties !== 'reported' && NO_KEY_RANKERS.includes(report.ranker),
        )
        .flatMap((report) =>
          checkRetrievalGates(report, NO_KEY_GATES).map(
            (failure) => `${dataSet.label} (${report.ranker}): ${failure}`,
          ),
        ),
    );
  }

  const seconds = (performance.now() - runStart) / 1000;
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
      `Near-miss variants (seed ${NEAR_MISS_SEED}):`,
      '',
      ...renderNearMissVariants([...variants.values()]),
      '',
      ...result,
    ].join('\n')}\n`,
  );
  io.stderr(`gates ran in ${seconds.toFixed(1)} s\n`);
  if (values.docs !== undefined) {
    try {
      await writeFile(values.docs, renderDocs(rows, [...variants.values()], result, seconds));
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

/** The metrics of each row; false empties and the near-miss no-match accuracy are reported, never gated. */
function renderTable(rows: readonly Row[], { timings }: { timings: boolean }): string[] {
  return markdownTable(
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
  );
}

/** What each set's near-miss variant removed, kept and dropped, and the rows its loading skipped. */
function renderNearMissVariants(variants: readonly Variant[]): string[] {
  return markdownTable(
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
    1,
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

function renderDocs(
  rows: readonly Row[],
  variants: readonly Variant[],
  result: readonly string[],
  seconds: number,
): string {
  const classes = renderClasses(rows);
  const skipped = variants.flatMap(({ dataSet, corpus }) => {
    const warning = describeSkippedRows(corpus);
    return warning === undefined ? [] : [`- \`${dataSet.file}\`: ${warning}.`];
  });
  return `${[
    '# Retrieval quality',
    '',
    'Every ranker on the public benchmark sets (the folder `gates --shared DIR` reads), with the metrics of',
    '`tool-disclosure eval`. `default` is the Orama ranker; `legacy`, `keyword` and `bm25` are the',
    'baselines the gates compare it with; any other ranker (such as `hybrid`) is shown for comparison only.',
    'CI runs the same command after the tests and fails when a gate is missed.',
    'Regenerate this page with:',
    '',
    '```sh',
    'npm run build && node dist/cli/main.js gates --shared DIR --docs docs/retrieval.md',
    '```',
    '',
    'Metrics are deterministic: only the timings section at the end changes between reruns.',
    '',
    '## Quality',
    '',
    'The padded IronClaw sets run the `default` ranker only; every other set runs every ranker.',
    '`false-empty` counts the answerable queries (those with at least one judged tool) that got no',
    'result at all, and `FE rate` is their share of the answerable queries: a search that answers',
    '"nothing" while a judged tool exists. `near-miss no-match` is the no-match accuracy on the set\'s',
    `near-miss variant (below, seed ${NEAR_MISS_SEED}). These three columns are reported, not gated`,
    "(but for the `default` and `vectors` rankers' false empties). A no-match request counts as answered when it",
    'gets no match: no result, or only results marked weak, which `tool_search` tells the model',
    'probably do not fit (`eval --json` also reports `no_match_empty_accuracy`, no result at all).',
    '"Own paraphrases" are 24 requests over the own corpus\'s tools worded in words the tools do not',
    'use (`corpus/paraphrase-intents.json`; `eval --corpus paraphrase-intents --catalog judged-corpus`),',
    'kept apart from the judged corpus so its figures stay comparable.',
    '',
    ...renderTable(rows, { timings: false }),
    '',
    '## Near-miss variants',
    '',
    'A set\'s own `no_match` queries are usually far from every tool ("order a pizza" against a',
    'developer catalog). The near-miss variant asks instead for something that was in the catalog a',
    'moment ago: it takes the judged tools of some answerable queries out of the catalog and expects',
    `no result for those queries. \`buildNearMissCorpus\` (in \`tool-disclosure/eval\`) builds it, and`,
    '`tool-disclosure eval --corpus FILE --near-miss SEED` scores it; this page uses seed',
    `${NEAR_MISS_SEED}. The method (\`${NEAR_MISS_METHOD.split(':')[0]}\`):`,
    '',
    '1. The answerable queries are shuffled with the seeded PRNG (`createSeededRandom`, mulberry32).',
    '2. In that order a query is picked while fewer than min(100, max(5, 10% of the answerable',
    '   queries)) are, if removing its judged tools keeps the removed tools at most max(5, 10% of the',
    '   tools any query judges), so that most answerable queries keep their answers, and if none of',
    '   its judged tools has a near-duplicate that stays in the catalog.',
    '   Two tools are near-duplicates when their normalized local names are equal (the part after',
    '   the last `__` or `.`, lower-cased, without `_`, `-` and spaces) or when the sets of words of',
    '   their descriptions have a Jaccard similarity of 0.8 or more. With a near-duplicate left, a',
    '   result would be right and "nothing" would not.',
    '3. The judged tools of the picked queries leave the catalog; the picked queries become',
    '   `no_match` queries with no judged tool. Queries whose judged tools all stay are kept as they',
    '   are (their false empties count as usual); queries that lost a judged tool without being',
    "   picked are dropped, and so are the set's own `no_match` queries, so that the variant's",
    '   no-match accuracy is the near-miss accuracy alone.',
    '',
    'The padded IronClaw rows pad the variant of the IronClaw set to 1,000 and 10,000 tools.',
    '',
    ...renderNearMissVariants(variants),
    '',
    ...(skipped.length === 0
      ? []
      : [
          '## Skipped rows',
          '',
          'Invalid tool and query rows are skipped when a corpus is read (`eval --strict` refuses them):',
          '',
          ...skipped,
          '',
        ]),
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
    `On every set but the own paraphrases (whose false empties are reported only) the \`default\` ranker (which reads a request that shares no word with any tool ` +
      'through the word vectors) and `vectors` (the same, its table read up front) each answer at most ' +
      `${(NO_KEY_GATES.maxFalseEmptyRate ?? 0) * 100}% of the answerable queries with nothing.`,
    '',
    ...result,
    '',
    '## Timings',
    '',
    'Milliseconds on the machine that last ran the command; printed, never gated. The whole',
    `command, near-miss variants included, took ${seconds.toFixed(0)} s there.`,
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
  if (gates.maxFalseEmptyRate !== undefined) {
    parts.push(`FE rate ≤ ${gates.maxFalseEmptyRate}`);
  }
  return parts.length === 0 ? 'reported only, no gate' : parts.join(', ');
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

/** The intents of the bundled file `intents` over the tools and namespaces of the bundled corpus `catalog`. */
async function loadIntentsOverCorpus(intents: string, catalog: string): Promise<EvalCorpus> {
  const read = async (name: string) =>
    JSON.parse(await readFile(resolveCorpusPath(name), 'utf8')) as Record<string, unknown>;
  const [tools, judged] = await Promise.all([read(catalog), read(intents)]);
  return parseEvalCorpus({ ...tools, intents: judged.intents }, intents);
}
