import type { EvalCorpus } from '../eval/eval-corpus.js';
import { InvalidEvalCorpusError } from '../eval/invalid-eval-corpus-error.js';
import { loadEvalCorpus } from '../eval/load-eval-corpus.js';
import { CliUsageError } from './cli-usage-error.js';
import { bundledCorpusHint, resolveCorpusPath } from './resolve-corpus-path.js';

const shownReasonCount = 3;

/**
 * Reads an evaluation corpus, or a bundled corpus by name (`judged-corpus`); a
 * file that cannot be read or parsed is a usage error, as for `inspect`, and a
 * file of the wrong shape an input error. Invalid tool and query rows are
 * skipped and counted in `skipped`, unless `strict` refuses them.
 */
export async function loadEvalCorpusFile(
  pathOrName: string,
  { strict = false }: { strict?: boolean } = {},
): Promise<EvalCorpus> {
  const path = resolveCorpusPath(pathOrName);
  try {
    return await loadEvalCorpus(path, undefined, { strict });
  } catch (error) {
    if (InvalidEvalCorpusError.isInstance(error) && error.problem !== 'invalid-shape') {
      const missingHint = error.reason === 'no such file' ? bundledCorpusHint(path) : undefined;
      const hint = missingHint === undefined ? '' : ` (${missingHint})`;
      throw new CliUsageError({
        message: `cannot use corpus file ${path}: ${error.reason}${hint}`,
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * The one-line warning about the rows a corpus's loader skipped, naming the
 * counts and the first reasons; undefined when none was skipped.
 *
 * @example
 * describeSkippedRows(corpus) // 'skipped 1 invalid tool row and 0 invalid query rows of toolink (--strict refuses them): tools[636] needs a non-empty string "name"'
 */
export function describeSkippedRows({ name, skipped }: EvalCorpus): string | undefined {
  if (skipped === undefined || skipped.tools + skipped.queries === 0) return undefined;
  const count = (value: number, noun: string) =>
    `${value} invalid ${noun} row${value === 1 ? '' : 's'}`;
  const reasons = skipped.reasons.slice(0, shownReasonCount);
  const more = skipped.tools + skipped.queries > reasons.length ? '; …' : '';
  return `skipped ${count(skipped.tools, 'tool')} and ${count(skipped.queries, 'query')} of ${name} (--strict refuses them): ${reasons.join('; ')}${more}`;
}
