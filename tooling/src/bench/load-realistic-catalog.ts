import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ToolDefinition } from 'tool-disclosure/catalog';
import { isRecord } from 'tool-disclosure/util';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import { parseEvalCorpus } from '../eval/load-eval-corpus.js';

/** The folders of `benchmarks/` whose tool sets make up the realistic catalog, in this order. */
export const REALISTIC_CATALOG_SETS: readonly string[] = Object.freeze([
  'ironclaw',
  'toollens',
  'toolret_subsets',
  'metatool_toole',
]);

/** Real requests taken by default: enough for a p99, few enough to search them at 10,000 tools. */
const defaultQueryCount = 400;

/** Every public tool set's tools, deduplicated, and a sample of their real requests. */
export interface RealisticCatalog {
  /** The tools, interleaved set by set (one of each set in turn), so a cut keeps every set. */
  tools: ToolDefinition[];
  /** Namespace descriptions of the sets that declare any. */
  namespaces: Record<string, string>;
  /** Distinct real requests of the sets, taken in turn from each set, spread over its requests. */
  queries: string[];
  /** The files read, relative to `benchmarks/`. */
  sets: string[];
}

export interface LoadRealisticCatalogOptions {
  /** How many requests to keep. @default 400 */
  queryCount?: number;
}

/**
 * Reads the tool sets under `sharedDir/benchmarks` (IronClaw, ToolLens, every
 * ToolRet subset, MetaTool ToolE) with the evaluation loaders, and merges them
 * into one catalog: tools deduplicated by name (the first set wins), the sets
 * interleaved, and a deterministic sample of their real requests as queries.
 * Files without a `tools` array (fold lists, baselines) are skipped, and so are
 * tools without a name, with the judgements that name them. Returns undefined
 * when `sharedDir/benchmarks` does not exist; nothing is copied anywhere.
 *
 * @example
 * const realistic = await loadRealisticCatalog(sharedDir); // the folder holding benchmarks/
 * if (realistic) console.log(realistic.tools.length, realistic.queries.length);
 */
export async function loadRealisticCatalog(
  sharedDir: string,
  { queryCount = defaultQueryCount }: LoadRealisticCatalogOptions = {},
): Promise<RealisticCatalog | undefined> {
  const benchmarks = join(sharedDir, 'benchmarks');
  if (!existsSync(benchmarks)) return undefined;
  const corpora: EvalCorpus[] = [];
  const sets: string[] = [];
  for (const folder of REALISTIC_CATALOG_SETS) {
    const directory = join(benchmarks, folder);
    if (!existsSync(directory)) continue;
    const files = (await readdir(directory)).filter((file) => file.endsWith('.json')).sort();
    for (const file of files) {
      const data: unknown = JSON.parse(await readFile(join(directory, file), 'utf8'));
      if (!isRecord(data) || !Array.isArray(data.tools)) continue;
      corpora.push(parseEvalCorpus(withNamedToolsOnly(data), basename(file, '.json')));
      sets.push(`${folder}/${file}`);
    }
  }

  const names = new Set<string>();
  const distinctTools = corpora.map((corpus) =>
    corpus.tools.filter((tool) => !names.has(tool.name) && names.add(tool.name)),
  );
  const queryLists = corpora.map((corpus) => spread(corpus.intents.map((intent) => intent.query)));
  const queries = [...new Set(interleave(queryLists).filter((query) => query.trim() !== ''))].slice(
    0,
    queryCount,
  );
  const namespaces: Record<string, string> = {};
  for (const corpus of corpora) Object.assign(namespaces, corpus.namespaces);
  return { tools: interleave(distinctTools), namespaces, queries, sets };
}

/**
 * The data with its unnamed tools dropped, and the judgements naming them:
 * a ToolRet subset holds a tool with an empty name, which the loaders reject.
 */
function withNamedToolsOnly(data: Record<string, unknown>): Record<string, unknown> {
  const tools = data.tools as unknown[];
  const named = tools.filter(
    (tool) => isRecord(tool) && typeof tool.name === 'string' && tool.name.trim() !== '',
  );
  if (named.length === tools.length) return data;
  const kept = new Set(named.map((tool) => String((tool as Record<string, unknown>).id)));
  // Only the unified format (tools with ids, `queries` judging ids) lets a tool go unnamed.
  const queries = Array.isArray(data.queries)
    ? data.queries.map((query) =>
        isRecord(query) && isRecord(query.relevant)
          ? {
              ...query,
              relevant: Object.fromEntries(
                Object.entries(query.relevant).filter(([id]) => kept.has(id)),
              ),
            }
          : query,
      )
    : data.queries;
  return { ...data, tools: named, queries };
}

/**
 * The items reordered so that any prefix spreads over the whole list: by
 * strides of a prime that does not divide the length (every item once).
 */
function spread<T>(items: readonly T[]): T[] {
  const stride = [7919, 104_729, 1].find((prime) => items.length % prime !== 0) as number;
  return items.map((_, index) => items[(index * stride) % items.length] as T);
}

/** One item of each list in turn, until every list is used up. */
function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const result: T[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let index = 0; index < longest; index++) {
    for (const list of lists) if (index < list.length) result.push(list[index] as T);
  }
  return result;
}
