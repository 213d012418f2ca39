import { readFile } from 'node:fs/promises';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import { parseEvalCorpus } from '../eval/load-eval-corpus.js';
import { resolveCorpusPath } from './resolve-corpus-path.js';

/** The intents of the bundled file `intents` over the tools and namespaces of the bundled corpus `catalog`. */
export async function loadIntentsOverCorpus(intents: string, catalog: string): Promise<EvalCorpus> {
  const read = async (name: string) =>
    JSON.parse(await readFile(resolveCorpusPath(name), 'utf8')) as Record<string, unknown>;
  const [tools, judged] = await Promise.all([read(catalog), read(intents)]);
  return parseEvalCorpus({ ...tools, intents: judged.intents }, intents);
}
