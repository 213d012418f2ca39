import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Ranker } from 'tool-disclosure/search';
import { buildNearMissCorpus, NEAR_MISS_SEED } from '../eval/build-near-miss-corpus.js';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import { evaluateRanker, type RetrievalReport } from '../eval/evaluate-ranker.js';
import { checkBaselineLead, checkRetrievalGates } from '../eval/retrieval-gates.js';
import { RANKERS } from '../search/rankers.js';
import { CliUsageError } from './cli-usage-error.js';
import { type CliCommand, defineCommand } from './define-command.js';
import {
  BASELINE_RANKERS,
  DEFAULT_RANKER,
  GATE_DATA_SETS,
  MCP_SERVERS_CORPUS,
  NO_KEY_GATES,
  NO_KEY_RANKERS,
} from './gate-data-sets.js';
import { describeSkippedRows } from './load-eval-corpus-file.js';
import { loadGateDataSet } from './load-gate-data-set.js';
import { rankerNames } from './ranker-names.js';
import { crossValidationSectionOf } from './render-cross-validation.js';
import { renderGatesDocs } from './render-gates-docs.js';
import {
  type GatesRow,
  type GatesVariant,
  renderClasses,
  renderGatesTable,
  renderNearMissVariants,
  renderResult,
} from './render-gates-table.js';
import type { McpServerRow } from './render-mcp-servers-section.js';
import { bundledCorpusPath } from './resolve-corpus-path.js';

export const GATES_USAGE = `Usage: tool-disclosure gates --shared DIR [--docs FILE]

Runs every ranker on the public benchmarks in DIR/benchmarks (IronClaw, plain and padded to 1,000
and 10,000 tools; the ToolLens test split; the ToolRet APIGen, API-Bank, Gorilla HuggingFace and
ToolLink subsets; MetaTool ToolE single- and multi-tool) and on the bundled corpora (the judged
corpus, its paraphrases and the MCP servers set, chat requests over real MCP servers' tools),
checks the retrieval gates (minimum recall, MRR and NDCG per data set and per intent class) and
the default ranker's lead over every baseline, and prints a Markdown table and the missed gates. The table also
reports, never gates, the false empties (queries with an answer that got no result) and the
no-match accuracy of each set's near-miss variant (seed ${NEAR_MISS_SEED}).
Exits 1 when a gate is missed. Does nothing when DIR/benchmarks does not exist.
--docs FILE also writes the tables to FILE, keeping its cross-validation section (eval --cross-validate
--docs writes it); apart from the timings table, reruns write the same bytes.`;

/** `tool-disclosure gates`: the retrieval gates of every ranker on the shared benchmarks. */
export const gatesCommand: CliCommand = defineCommand(
  { usage: GATES_USAGE, options: { shared: { type: 'string' }, docs: { type: 'string' } } },
  async ({ values, usageError }, io) => {
    if (values.shared === undefined) {
      throw usageError('--shared DIR is required');
    }
    const benchmarks = join(values.shared, 'benchmarks');
    if (!existsSync(benchmarks)) {
      io.stderr(`tool-disclosure gates: no ${benchmarks} directory; no gates checked\n`);
      return 0;
    }

    const runStart = performance.now();
    const variants = new Map<string, GatesVariant>();
    const rows: GatesRow[] = [];
    const failures: string[] = [];
    for (const dataSet of GATE_DATA_SETS) {
      let variant = variants.get(dataSet.file);
      if (variant === undefined) {
        const corpus = await loadGateDataSet(dataSet, benchmarks);
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
            (report) =>
              dataSet.falseEmpties !== 'reported' && NO_KEY_RANKERS.includes(report.ranker),
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
        ...renderGatesTable(rows, { timings: true }),
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
        const servers = await readMcpServerRows();
        // The cross-validation section is `eval --cross-validate --docs`'s: kept as it was.
        const previous = existsSync(values.docs) ? await readFile(values.docs, 'utf8') : '';
        await writeFile(
          values.docs,
          renderGatesDocs(
            rows,
            [...variants.values()],
            result,
            seconds,
            servers,
            crossValidationSectionOf(previous),
          ),
        );
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new CliUsageError({
          message: `cannot write ${values.docs}: ${code ?? (error as Error).message}`,
          cause: error,
        });
      }
    }
    return failures.length === 0 ? 0 : 1;
  },
);

/** The servers the bundled MCP servers corpus records (`servers`), for its section of the docs. */
async function readMcpServerRows(): Promise<McpServerRow[]> {
  const data = JSON.parse(await readFile(bundledCorpusPath(MCP_SERVERS_CORPUS), 'utf8')) as {
    servers?: unknown;
  };
  return Array.isArray(data.servers) ? (data.servers as McpServerRow[]) : [];
}
