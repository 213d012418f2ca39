import { join } from 'node:path';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import type { GateDataSet } from './gate-data-sets.js';
import { loadEvalCorpusFile } from './load-eval-corpus-file.js';
import { loadIntentsOverCorpus } from './load-intents-over-corpus.js';

/**
 * The corpus of a gates data set: its file under `benchmarks` (DIR/benchmarks), a bundled
 * corpus, or bundled intents over a bundled corpus's tools.
 */
export async function loadGateDataSet(
  dataSet: GateDataSet,
  benchmarks: string,
): Promise<EvalCorpus> {
  return dataSet.catalog === undefined
    ? await loadEvalCorpusFile(dataSet.bundled ? dataSet.file : join(benchmarks, dataSet.file))
    : await loadIntentsOverCorpus(dataSet.file, dataSet.catalog);
}
