import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The corpora shipped in the package's `corpus/` folder, by the name the CLI accepts for them. */
export const BUNDLED_CORPORA: readonly string[] = [
  'judged-corpus',
  'paraphrase-intents',
  'mcp-servers',
];

/** The path of a bundled corpus, inside the installed package whatever the working directory. */
export function bundledCorpusPath(name: string): string {
  return fileURLToPath(new URL(`../../corpus/${name}.json`, import.meta.url));
}

/**
 * What a `--catalog` or `--corpus` value names: a bundled corpus by its name
 * (`judged-corpus`), else a file path as given.
 *
 * @example
 * resolveCorpusPath('judged-corpus') // '/…/node_modules/tool-disclosure/corpus/judged-corpus.json'
 * resolveCorpusPath('tools.json') // 'tools.json'
 */
export function resolveCorpusPath(value: string): string {
  return BUNDLED_CORPORA.includes(value) ? bundledCorpusPath(value) : value;
}

/**
 * For a missing file that looks like a bundled corpus's path
 * (`corpus/judged-corpus.json` outside a clone): how to name it instead.
 */
export function bundledCorpusHint(path: string): string | undefined {
  const name = basename(path, '.json');
  return BUNDLED_CORPORA.includes(name)
    ? `the bundled corpus is named without a path: ${name}`
    : undefined;
}
