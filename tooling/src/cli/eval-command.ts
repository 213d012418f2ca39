import { basename, extname } from 'node:path';
import { createCatalog } from 'tool-disclosure/catalog';
import type { Ranker } from 'tool-disclosure/search';
import { buildNearMissCorpus, type NearMissSummary } from '../eval/build-near-miss-corpus.js';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import { evaluateRanker, type RetrievalReport } from '../eval/evaluate-ranker.js';
import { parseEvalCorpus } from '../eval/load-eval-corpus.js';
import { RANKERS } from '../search/rankers.js';
import type { CliIo } from './cli-io.js';
import { CliUsageError } from './cli-usage-error.js';
import { type CliCommand, defineCommand } from './define-command.js';
import { entryToDefinition } from './entry-to-definition.js';
import { evalCrossValidation } from './eval-cross-validation.js';
import { formatTable } from './format-table.js';
import { describeSkippedRows, loadEvalCorpusFile } from './load-eval-corpus-file.js';
import { loadToolSources, type ToolSources } from './load-tool-sources.js';
import { parseChoice, parseCount } from './parse-command-line.js';
import { rankerNames } from './ranker-names.js';
import { readJsonFile } from './read-json-file.js';
import { bundledCorpusHint, resolveCorpusPath } from './resolve-corpus-path.js';
import {
  hasToolSources,
  OPTIONAL_TOOL_SOURCE_HELP,
  TOOL_SOURCE_OPTIONS,
  TOOL_SOURCE_SYNOPSIS,
} from './tool-source-flags.js';

export const EVAL_USAGE = `Usage: tool-disclosure eval --corpus FILE [--distractors N] [--ranker RANKER] [--json]
       [--near-miss SEED] [--strict] [--catalog FILE] ${TOOL_SOURCE_SYNOPSIS}
       tool-disclosure eval --cross-validate --shared DIR [--json] [--docs FILE] [--budget N]

Measures retrieval quality on a judged corpus: recall@1/3/5/10, MRR, NDCG@5/10,
no-match accuracy and false empties (queries with an answer that got no result),
per intent class, with build and query timings.
FILE is an IronClaw corpus ({"tools", "intents"}) or a unified benchmark ({"tools", "queries"}),
or judged-corpus for the corpus bundled with the package (paraphrase-intents, its paraphrased
requests, with --catalog judged-corpus; mcp-servers, chat requests over the tools real MCP servers
publish). Invalid tool and query rows of FILE
are skipped with one warning; --strict refuses the file instead.
--distractors N pads the catalog to N tools with deterministic distractors.
--near-miss SEED scores the near-miss variant instead: up to 100 answerable queries, picked in
an order shuffled by SEED, lose their judged tools from the catalog and become no_match queries
(never when a near-duplicate of such a tool stays); queries that lost a judged tool without
being picked are dropped, and no-match is then the near-miss no-match accuracy.
RANKER is one of ${[...rankerNames(), 'all'].join(', ')} (default: default); 'all' compares them side by side.

Your own tools: with --mcp, --mcp-url, --tools or --catalog, the catalog is those sources' tools
plus any "tools" in FILE, and FILE holds the judged intents, e.g.
  {"intents": [{"class": "direct", "query": "add two numbers", "relevance": {"everything.get-sum": 3}},
               {"class": "no_match", "query": "book a flight", "relevance": {}}]}
where a relevance key is a tool's canonical id (NAMESPACE.TOOL, as inspect and search show it) or
its wire name (NAMESPACE__TOOL); MCP tools are in the namespace of their server's NAME.

${OPTIONAL_TOOL_SOURCE_HELP}

--cross-validate: leave-one-set-out cross-validation of the default ranker's parameters
(src/search/ranking-parameters.ts) over every set gates runs (DIR/benchmarks and the bundled
corpora; not the padded IronClaw sets, whose queries are IronClaw's). Each set in turn is held
out: parameters are chosen on the other sets (a coordinate ascent from today's values that
raises their mean NDCG@10 and lowers none of them) and scored on it (out of fold).
The parameters chosen on every set are scored on each (in fold), and so are today's (defaults).
Then each signal is switched off in turn, out of fold (ablations). Deterministic; one core, about
2 minutes (7 with --docs). --json prints
  {"folds": [{"set", "queries", "in_fold": {"ndcg_at_10", "recall_at_5", "mrr", "false_empty_rate",
  "no_match_accuracy"}, "out_of_fold": {...}, "defaults": {...}, "chosen_parameters": {...}}],
  "mean_out_of_fold": {...}, "mean_in_fold": {...}, "mean_defaults": {...},
  "chosen_parameters": {...}, "ablations": [...], "sensitivity": [...], "method": {...}}
--docs FILE also moves each parameter alone over its values (sensitivity) and writes the tables
into FILE's cross-validation section (docs/retrieval.md), keeping the rest of FILE.
--budget N caps the candidate points each choice tries (default 200).`;

/** `tool-disclosure eval`: retrieval metrics of one ranker, or of every ranker side by side. */
export const evalCommand: CliCommand = defineCommand(
  {
    usage: EVAL_USAGE,
    options: {
      ...TOOL_SOURCE_OPTIONS,
      corpus: { type: 'string' },
      distractors: { type: 'string' },
      ranker: { type: 'string' },
      json: { type: 'boolean' },
      'near-miss': { type: 'string' },
      strict: { type: 'boolean' },
      'cross-validate': { type: 'boolean' },
      shared: { type: 'string' },
      docs: { type: 'string' },
      budget: { type: 'string' },
    },
  },
  async ({ values, usageError }, io) => {
    if (values['cross-validate']) {
      const other = crossValidationConflict(values);
      if (other !== undefined) {
        throw usageError(`--cross-validate runs every set of --shared DIR: it takes no ${other}`);
      }
      if (values.shared === undefined) throw usageError('--cross-validate needs --shared DIR');
      return await evalCrossValidation(
        {
          shared: values.shared,
          json: values.json ?? false,
          docs: values.docs,
          budget: parseCount('--budget', values.budget, 1),
        },
        io,
      );
    }
    for (const flag of ['shared', 'docs', 'budget'] as const) {
      if (values[flag] !== undefined) throw usageError(`--${flag} goes with --cross-validate`);
    }
    if (values.corpus === undefined) {
      throw usageError('--corpus FILE is required');
    }
    const available = rankerNames();
    const choice = parseChoice('--ranker', values.ranker ?? 'default', [
      ...available,
      'all',
    ]) as string;
    const distractors = parseCount('--distractors', values.distractors);
    const nearMissSeed = parseCount('--near-miss', values['near-miss']);
    const strict = values.strict ?? false;
    const run = (corpus: EvalCorpus) => {
      const warning = describeSkippedRows(corpus);
      if (warning !== undefined) io.stderr(`tool-disclosure eval: warning: ${warning}\n`);
      return evaluate(
        corpus,
        { choice, available, distractors, nearMissSeed, json: values.json },
        io,
      );
    };
    if (!hasToolSources(values)) {
      return await run(await loadEvalCorpusFile(values.corpus, { strict }));
    }
    const sources = await loadToolSources(values, io);
    try {
      return await run(await corpusOverSources(values.corpus, sources, strict));
    } finally {
      await sources.close();
    }
  },
);

/**
 * A judged corpus over the sources' tools: the intents (and any tools) of
 * `pathOrName`, with relevance keys given as canonical ids turned into wire names.
 */
async function corpusOverSources(
  pathOrName: string,
  sources: ToolSources,
  strict: boolean,
): Promise<EvalCorpus> {
  const path = resolveCorpusPath(pathOrName);
  const data = await readJsonFile(path, 'corpus file', bundledCorpusHint(path));
  if (
    data === null ||
    typeof data !== 'object' ||
    !Array.isArray((data as { intents?: unknown }).intents)
  ) {
    throw new CliUsageError({
      message: `corpus file ${path} must be a JSON object with an "intents" array when the tools come from --mcp, --mcp-url, --tools or --catalog (see --help)`,
    });
  }
  const file = data as { tools?: unknown; intents: unknown[]; namespaces?: unknown };
  const catalog = await createCatalog({
    definitions: sources.definitions,
    namespaces: sources.namespaces,
    tools: sources.tools,
  });
  const wireNameById = new Map(catalog.entries.map((entry) => [entry.id, entry.wireName]));
  const intents = file.intents.map((intent) => {
    if (intent === null || typeof intent !== 'object') return intent;
    const { relevance } = intent as { relevance?: unknown };
    if (relevance === null || typeof relevance !== 'object') return intent;
    return {
      ...intent,
      relevance: Object.fromEntries(
        Object.entries(relevance).map(([key, grade]) => [wireNameById.get(key) ?? key, grade]),
      ),
    };
  });
  const namespaces = Object.fromEntries(
    Object.entries(sources.namespaces).flatMap(([name, declaration]) =>
      declaration.description === undefined ? [] : [[name, declaration.description]],
    ),
  );
  return parseEvalCorpus(
    {
      ...file,
      tools: [
        ...catalog.entries.map(entryToDefinition),
        ...(Array.isArray(file.tools) ? file.tools : []),
      ],
      namespaces: { ...namespaces, ...(file.namespaces as object | undefined) },
      intents,
    },
    basename(path, extname(path)),
    { strict },
  );
}

/** The first flag given that `--cross-validate` does not take, as written. */
function crossValidationConflict(values: Record<string, unknown>): string | undefined {
  const taken = new Set(['cross-validate', 'shared', 'docs', 'budget', 'json', 'help']);
  const name = Object.keys(values).find((flag) => !taken.has(flag) && values[flag] !== undefined);
  return name === undefined ? undefined : `--${name}`;
}

interface EvaluateSettings {
  choice: string;
  available: readonly string[];
  distractors: number | undefined;
  nearMissSeed: number | undefined;
  json: boolean | undefined;
}

/** A report as `--json` prints it: the ranker's report and what the corpus's loading and variant changed. */
type PrintedReport = RetrievalReport & {
  skipped: { tools: number; queries: number };
  near_miss?: NearMissSummary;
};

async function evaluate(
  loaded: EvalCorpus,
  { choice, available, distractors, nearMissSeed, json }: EvaluateSettings,
  io: CliIo,
): Promise<number> {
  const nearMiss =
    nearMissSeed === undefined
      ? undefined
      : buildNearMissCorpus({ corpus: loaded, seed: nearMissSeed });
  const corpus = nearMiss?.corpus ?? loaded;
  const reports: PrintedReport[] = [];
  for (const name of choice === 'all' ? available : [choice]) {
    const createRanker = RANKERS[name] as () => Ranker;
    const report = await evaluateRanker({
      corpus,
      ranker: createRanker(),
      ...(distractors !== undefined && { distractors }),
    });
    reports.push({
      ...report,
      skipped: { tools: loaded.skipped?.tools ?? 0, queries: loaded.skipped?.queries ?? 0 },
      ...(nearMiss !== undefined && { near_miss: nearMiss.summary }),
    });
  }
  if (json) {
    io.stdout(`${JSON.stringify(choice === 'all' ? reports : reports[0])}\n`);
    return 0;
  }
  io.stdout(`${renderReports(loaded.name, reports, nearMiss?.summary).join('\n')}\n`);
  return 0;
}

function renderReports(
  corpusName: string,
  reports: readonly PrintedReport[],
  nearMiss: NearMissSummary | undefined,
): string[] {
  const first = reports[0] as PrintedReport;
  const { tools: skippedTools, queries: skippedQueries } = first.skipped;
  const skipped =
    skippedTools + skippedQueries === 0
      ? ''
      : `; skipped ${skippedTools} invalid tool and ${skippedQueries} invalid query rows`;
  const lines = [
    `corpus: ${corpusName} (${first.tool_count} tools, ${first.query_count} queries${skipped})`,
    ...(nearMiss === undefined
      ? []
      : [
          `near-miss variant, seed ${nearMiss.seed}: ${nearMiss.removed_tools} tools removed, ` +
            `${nearMiss.no_match_queries} queries now no_match, ${nearMiss.dropped_queries} dropped; ` +
            'no-match is the near-miss no-match accuracy',
        ]),
    '',
    ...formatTable([
      [
        'ranker',
        'R@1',
        'R@5',
        'R@10',
        'MRR',
        'NDCG@10',
        'no-match',
        'false-empty',
        'FE rate',
        'build ms',
        'p50 ms',
      ],
      ...reports.map(({ ranker, metrics, timing_ms }) => [
        ranker,
        score(metrics.recall_at_1),
        score(metrics.recall_at_5),
        score(metrics.recall_at_10),
        score(metrics.mrr),
        score(metrics.ndcg_at_10),
        score(metrics.no_match_accuracy),
        String(metrics.false_empty_count),
        score(metrics.false_empty_rate),
        timing_ms.build.toFixed(1),
        timing_ms.query_p50.toFixed(3),
      ]),
    ]),
    '',
    'by class (R@5 / NDCG@10):',
    ...formatTable([
      ['class', 'count', ...reports.map((report) => report.ranker)],
      ...Object.entries(first.classes).map(([name, { count }]) => [
        name,
        String(count),
        ...reports.map((report) => {
          const metrics = report.classes[name];
          return metrics?.recall_at_5 == null
            ? '-'
            : `${score(metrics.recall_at_5)} / ${score(metrics.ndcg_at_10)}`;
        }),
      ]),
    ]).map((line) => `  ${line}`),
  ];
  for (const report of reports) {
    lines.push('', `worst queries of ${report.ranker} (NDCG@10, top results):`);
    if (report.worst.length === 0) lines.push('  (no judged queries)');
    for (const { query, ndcg_at_10, top } of report.worst) {
      lines.push(
        `  ${score(ndcg_at_10)}  ${JSON.stringify(query)} → ${top.join(', ') || '(no results)'}`,
      );
    }
    if (report.false_empties.length > 0) {
      const { false_empty_count: count } = report.metrics;
      const shown =
        report.false_empties.length < count ? `, the first ${report.false_empties.length}` : '';
      lines.push(
        '',
        `false empties of ${report.ranker} (${count} answerable ${count === 1 ? 'query' : 'queries'} got no result${shown}):`,
      );
      for (const { query, relevant } of report.false_empties) {
        lines.push(`  ${JSON.stringify(query)} → should find ${relevant.join(', ')}`);
      }
    }
  }
  return lines;
}

function score(value: number | null): string {
  return value === null ? '-' : value.toFixed(3);
}
