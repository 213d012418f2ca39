import type { EvalCorpus } from '../eval/eval-corpus.js';
import { InvalidEvalCorpusError } from '../eval/invalid-eval-corpus-error.js';
import { loadEvalCorpus } from '../eval/load-eval-corpus.js';
import { CliUsageError } from './cli-usage-error.js';

/**
 * Reads an evaluation corpus; a file that cannot be read or parsed is a usage
 * error, as for `inspect`, and a file of the wrong shape an input error.
 */
export async function loadEvalCorpusFile(path: string): Promise<EvalCorpus> {
  try {
    return await loadEvalCorpus(path);
  } catch (error) {
    if (InvalidEvalCorpusError.isInstance(error) && error.problem !== 'invalid-shape') {
      throw new CliUsageError({
        message: `cannot use corpus file ${path}: ${error.reason}`,
        cause: error,
      });
    }
    throw error;
  }
}
