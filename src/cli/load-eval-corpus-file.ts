import type { EvalCorpus } from '../eval/eval-corpus.js';
import { InvalidEvalCorpusError } from '../eval/invalid-eval-corpus-error.js';
import { loadEvalCorpus } from '../eval/load-eval-corpus.js';
import { CliUsageError } from './cli-usage-error.js';
import { bundledCorpusHint, resolveCorpusPath } from './resolve-corpus-path.js';

/**
 * Reads an evaluation corpus, or a bundled corpus by name (`judged-corpus`); a
 * file that cannot be read or parsed is a usage error, as for `inspect`, and a
 * file of the wrong shape an input error.
 */
export async function loadEvalCorpusFile(pathOrName: string): Promise<EvalCorpus> {
  const path = resolveCorpusPath(pathOrName);
  try {
    return await loadEvalCorpus(path);
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
