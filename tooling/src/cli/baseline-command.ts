import { writeFile } from 'node:fs/promises';
import {
  computeScaleBaseline,
  SCALE_BASELINE_SIZES,
  type ScaleBaseline,
  type ScaleBaselineTiming,
} from '../eval/compute-scale-baseline.js';
import { CliUsageError } from './cli-usage-error.js';
import { type CliCommand, defineCommand } from './define-command.js';
import { formatTable } from './format-table.js';
import { loadEvalCorpusFile } from './load-eval-corpus-file.js';
import { parseCount } from './parse-command-line.js';

export const BASELINE_USAGE = `Usage: tool-disclosure baseline --corpus FILE [--sizes N,N,...] [--out FILE] [--json]

Computes the scale baseline: every intent of the judged corpus FILE (judged-corpus for the one
bundled with the package), with the catalog padded to each size by the deterministic distractor
generator, ranked by the default ranker.
--sizes lists the catalog sizes (default: ${SCALE_BASELINE_SIZES.join(',')}).
The baseline is JSON with unrounded metrics, so a test can reproduce it exactly. --out FILE writes it
to FILE and prints a readable summary; without --out, or with --json, it is printed to stdout.
Timings (index build, query p50 and p99) are printed, to stderr when stdout carries the JSON; they
are never written to the file.`;

/** `tool-disclosure baseline`: the scale baseline of a judged corpus, and its timings. */
export const baselineCommand: CliCommand = defineCommand(
  {
    usage: BASELINE_USAGE,
    options: {
      corpus: { type: 'string' },
      sizes: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean' },
    },
  },
  async ({ values, usageError }, io) => {
    if (values.corpus === undefined) {
      throw usageError('--corpus FILE is required');
    }
    const sizes = parseSizes(values.sizes);
    const corpus = await loadEvalCorpusFile(values.corpus);
    const { baseline, timings } = await computeScaleBaseline({ corpus, sizes });
    const json = `${JSON.stringify(baseline, null, 2)}\n`;

    if (values.out !== undefined) {
      try {
        await writeFile(values.out, json);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new CliUsageError({
          message: `cannot write ${values.out}: ${code ?? (error as Error).message}`,
          cause: error,
        });
      }
    }
    if (values.out === undefined || values.json) {
      io.stdout(json);
      io.stderr(`${renderTimings(timings).join('\n')}\n`);
      return 0;
    }
    io.stdout(`${renderSummary(baseline, timings, values.out).join('\n')}\n`);
    return 0;
  },
);

/** Parses `--sizes 100,500`: catalog sizes of at least one tool. */
function parseSizes(value: string | undefined): readonly number[] {
  if (value === undefined) return SCALE_BASELINE_SIZES;
  return value.split(',').map((size) => parseCount('--sizes', size.trim(), 1) as number);
}

function renderTimings(timings: readonly ScaleBaselineTiming[]): string[] {
  return [
    'timings (ms; printed, never committed):',
    ...formatTable([
      ['tools', 'build', 'query p50', 'query p99'],
      ...timings.map((timing) => [
        String(timing.tool_count),
        timing.build.toFixed(1),
        timing.query_p50.toFixed(3),
        timing.query_p99.toFixed(3),
      ]),
    ]).map((line) => `  ${line}`),
  ];
}

function renderSummary(
  baseline: ScaleBaseline,
  timings: readonly ScaleBaselineTiming[],
  out: string,
): string[] {
  return [
    `scale baseline of ${baseline.corpus} (${baseline.intent_count} intents, distractor generator v${baseline.generator_version}, seed ${baseline.seed})`,
    '',
    ...formatTable([
      ['tools', 'R@1', 'R@5', 'R@10', 'MRR', 'NDCG@10', 'no-match', 'build ms', 'p50 ms', 'p99 ms'],
      ...baseline.cases.map(({ tool_count, quality }, index) => {
        const timing = timings[index] as ScaleBaselineTiming;
        return [
          String(tool_count),
          score(quality.recall_at_1),
          score(quality.recall_at_5),
          score(quality.recall_at_10),
          score(quality.mrr),
          score(quality.ndcg_at_10),
          score(quality.no_match_accuracy),
          timing.build.toFixed(1),
          timing.query_p50.toFixed(3),
          timing.query_p99.toFixed(3),
        ];
      }),
    ]),
    '',
    `wrote ${out} (metrics unrounded; timings are not written)`,
  ];
}

function score(value: number | null): string {
  return value === null ? '-' : value.toFixed(3);
}
