import { type EmbeddingModel, embed, embedMany } from 'ai';
import type { CatalogEntry } from 'tool-disclosure/catalog';
import { InvalidOptionError } from 'tool-disclosure/error';
import type { RankedTool, Ranker, SearchIndex } from 'tool-disclosure/search';
import { createOramaRanker } from 'tool-disclosure/search';
import {
  compareByteOrder,
  contentDigest,
  describeError,
  selectTop,
  warnToConsole,
} from 'tool-disclosure/util';
import { createMemoryEmbeddingCache } from './create-memory-embedding-cache.js';
import type { EmbeddingCache } from './embedding-cache.js';
import { runWithTimeout } from './run-with-timeout.js';
import { toolEmbeddingText } from './tool-embedding-text.js';

export interface HybridRankerOptions {
  /** The embedding model, as the AI SDK takes it (`openai.embedding('text-embedding-3-small')`). */
  embeddingModel: EmbeddingModel;
  /** The lexical ranker whose ranking is blended with the vectors'. @default createOramaRanker() */
  lexical?: Ranker;
  /** Where tool vectors are kept between indexes and instances. @default createMemoryEmbeddingCache() */
  cache?: EmbeddingCache;
  /** How long a query's embedding may take before the search answers lexically. @default 2000 */
  timeoutMs?: number;
  /** How long embedding the catalog (and reading the cache) may take before the index is lexical only. @default 30000 */
  indexTimeoutMs?: number;
  /** Hears each fallback to lexical search, once per index. @default console.warn */
  onWarning?: (message: string) => void;
  /**
   * The share of a tool's score that comes from the vectors, between 0
   * (lexical only) and 1; the rest comes from the lexical ranking. With the
   * package's word vectors 0.15 ranked best; a stronger model may earn more:
   * measure with `evaluateRanker` on requests of your own. @default 0.3
   */
  weight?: number;
  /**
   * The cosine similarity at which the vectors alone vouch for a tool: a tool
   * the lexical ranker did not return joins the results only at it, and a
   * weak lexical match reaching it is no longer weak. It depends on the
   * model: set it between the similarities of your paraphrases and of
   * requests your catalog cannot serve. @default 0.5
   */
  minSimilarity?: number;
}

/**
 * How many candidates each ranking contributes to the blend: the blended top
 * results come from the head of either list, and 50 keeps every list's top 10
 * reachable while bounding the work per search.
 */
const candidatePool = 50;

/**
 * A ranker that blends the lexical ranking of `lexical` with the nearest
 * neighbours of the query among embedded tool texts, so a request that
 * paraphrases a tool finds it. Each distinct tool text is embedded once per
 * `cache` (keyed by a SHA-256 of the model and the text), the query once per
 * search. When the lexical ranker returns nothing, only tools at least
 * `minSimilarity` close are returned, so unrelated requests still get nothing.
 * An embedding that fails or takes longer than its timeout falls back to the
 * lexical ranking, reported once per index through `onWarning`.
 *
 * @example
 * import { openai } from '@ai-sdk/openai';
 * const ranker = createHybridRanker({ embeddingModel: openai.embedding('text-embedding-3-small') });
 * const result = await generateText({ model, tools, prompt, toolDisclosure: { ranker } });
 */
export function createHybridRanker({
  embeddingModel,
  lexical = createOramaRanker(),
  cache = createMemoryEmbeddingCache(),
  timeoutMs = 2_000,
  indexTimeoutMs = 30_000,
  onWarning = warnToConsole,
  weight = 0.3,
  minSimilarity = 0.5,
}: HybridRankerOptions): Ranker {
  for (const [option, value] of [
    ['timeoutMs', timeoutMs],
    ['indexTimeoutMs', indexTimeoutMs],
  ] as const) {
    if (!Number.isFinite(value) || value <= 0) {
      throw new InvalidOptionError({
        option,
        value,
        expected: 'a positive number of milliseconds',
      });
    }
  }
  if (!Number.isFinite(weight) || weight < 0 || weight > 1) {
    throw new InvalidOptionError({
      option: 'weight',
      value: weight,
      expected: 'a number from 0 to 1',
    });
  }
  if (!Number.isFinite(minSimilarity) || minSimilarity < -1 || minSimilarity > 1) {
    throw new InvalidOptionError({
      option: 'minSimilarity',
      value: minSimilarity,
      expected: 'a cosine similarity between -1 and 1',
    });
  }
  const model = modelKey(embeddingModel);
  const settings: IndexSettings = {
    embeddingModel,
    model,
    lexical,
    cache,
    timeoutMs,
    indexTimeoutMs,
    onWarning,
    weight,
    minSimilarity,
  };
  return {
    // Indexes are cached by ranker name: another model, lexical ranker or blend must not share one.
    name: `hybrid:${contentDigest(JSON.stringify([model, lexical.name, weight, minSimilarity])).slice(0, 12)}`,
    createIndex: (entries) => buildIndex(entries, settings),
  };
}

interface IndexSettings {
  readonly embeddingModel: EmbeddingModel;
  readonly model: string;
  readonly lexical: Ranker;
  readonly cache: EmbeddingCache;
  readonly timeoutMs: number;
  readonly indexTimeoutMs: number;
  readonly onWarning: (message: string) => void;
  readonly weight: number;
  readonly minSimilarity: number;
}

/** The model's provider and id (a string model is a gateway id), which key its vectors. */
function modelKey(model: EmbeddingModel): string {
  return typeof model === 'string' ? model : `${model.provider}:${model.modelId}`;
}

async function buildIndex(
  input: readonly CatalogEntry[],
  settings: IndexSettings,
): Promise<SearchIndex> {
  const { lexical, onWarning, model } = settings;
  const entries = [...input].sort((left, right) => compareByteOrder(left.id, right.id));
  const [lexicalIndex, vectors] = await Promise.all([
    lexical.createIndex(entries),
    embedCatalog(entries, settings).catch((error: unknown) => {
      onWarning(
        `hybrid search: embedding ${entries.length} tools with ${model} failed (${describeError(error)}); this index searches lexically`,
      );
      return undefined;
    }),
  ]);
  if (vectors === undefined) return lexicalIndex;
  let warned = false;
  return {
    async search(query, limit) {
      if (query.trim() === '' || entries.length === 0 || limit <= 0) return [];
      const pool = Math.max(limit, candidatePool);
      const [lexicalResults, queryVector] = await Promise.all([
        lexicalIndex.search(query, pool),
        embedQuery(query, settings).catch((error: unknown) => {
          if (!warned) {
            warned = true;
            onWarning(
              `hybrid search: embedding a query with ${model} failed (${describeError(error)}); searching lexically (reported once per index)`,
            );
          }
          return undefined;
        }),
      ]);
      if (queryVector === undefined) return lexicalResults.slice(0, limit);
      return fuse(entries, vectors, lexicalResults, queryVector, limit, settings);
    },
  };
}

/** Unit vectors of every entry's text, read from the cache or embedded (each distinct text once). */
async function embedCatalog(
  entries: readonly CatalogEntry[],
  { embeddingModel, model, cache, indexTimeoutMs, onWarning }: IndexSettings,
): Promise<readonly Float32Array[]> {
  const texts = entries.map(toolEmbeddingText);
  const keys = texts.map((text) => contentDigest(`${model}\n${text}`));
  const distinct = [...new Set(keys)];
  const found = new Map<string, Float32Array>();
  const cached = await runWithTimeout(() => cache.get(distinct), indexTimeoutMs).catch(
    (error: unknown) => {
      onWarning(
        `hybrid search: reading the embedding cache failed (${describeError(error)}); embedding every tool`,
      );
      return [];
    },
  );
  distinct.forEach((key, position) => {
    const vector = cached[position];
    if (vector !== undefined) found.set(key, vector);
  });
  const missing = distinct.filter((key) => !found.has(key));
  if (missing.length > 0) {
    const textOf = new Map(keys.map((key, position) => [key, texts[position] as string]));
    const { embeddings } = await runWithTimeout(
      (abortSignal) =>
        embedMany({
          model: embeddingModel,
          values: missing.map((key) => textOf.get(key) as string),
          abortSignal,
        }),
      indexTimeoutMs,
    );
    const embedded = missing.map((key, position) => ({
      key,
      vector: unitVector(embeddings[position] as number[]),
    }));
    for (const { key, vector } of embedded) found.set(key, vector);
    await runWithTimeout(() => cache.set(embedded), indexTimeoutMs).catch((error: unknown) => {
      onWarning(
        `hybrid search: writing ${embedded.length} vectors to the embedding cache failed (${describeError(error)})`,
      );
    });
  }
  return keys.map((key) => found.get(key) as Float32Array);
}

/** The query's unit vector, within the query timeout and without retries (a retry would outlast it). */
async function embedQuery(
  query: string,
  { embeddingModel, timeoutMs }: IndexSettings,
): Promise<Float32Array> {
  const { embedding } = await runWithTimeout(
    (abortSignal) => embed({ model: embeddingModel, value: query, abortSignal, maxRetries: 0 }),
    timeoutMs,
  );
  return unitVector(embedding);
}

function unitVector(values: readonly number[]): Float32Array {
  let norm = 0;
  for (const value of values) norm += value * value;
  norm = Math.sqrt(norm);
  return Float32Array.from(values, (value) => (norm === 0 ? 0 : value / norm));
}

/**
 * The lexical ranking blended with the query's nearest tools. Each candidate
 * (the lexical top, and tools at least `minSimilarity` close) scores
 * `(1 - weight) × lexical / best lexical + weight × (similarity - median) /
 * (best similarity - median)`, the median taken over the whole catalog. Both
 * parts are scaled per query, so neither's scale matters: BM25 grows with the
 * query's length and the catalog's statistics, and each model's cosines crowd
 * into a band of its own. When the blend was chosen, measured with the
 * package's word vectors on the ToolLens test split (R@5 / NDCG@5 0.3327 /
 * 0.3246 lexically then; docs/retrieval.md has today's figures): reciprocal
 * rank fusion with k = 10 and equal weights fell to 0.2977 / 0.2805, and cost
 * our judged corpus's R@1 (0.824 to 0.583), as a weak model's first place
 * displaced exact names; weighted down (k = 5 lexical, 60 vectors, half
 * weight) it only tied (0.3337 / 0.3252). This blend at weight 0.15 (and
 * minSimilarity 0.8) reached 0.3367 / 0.3293 and kept the judged corpus's
 * R@5 (0.979).
 */
function fuse(
  entries: readonly CatalogEntry[],
  vectors: readonly Float32Array[],
  lexicalResults: readonly RankedTool[],
  queryVector: Float32Array,
  limit: number,
  { weight, minSimilarity }: IndexSettings,
): RankedTool[] {
  const similarities = entries.map((entry, position) => ({
    entry,
    score: dot(queryVector, vectors[position] as Float32Array),
  }));
  const best = (left: RankedTool, right: RankedTool) =>
    right.score - left.score || compareByteOrder(left.entry.id, right.entry.id);
  if (lexicalResults.length === 0) {
    // No tool shares a word with the request: only a strong semantic match is an answer. A query
    // with no vector at all (every word unknown to the model) is close to nothing.
    return selectTop(
      similarities.filter(({ score }) => score > 0 && score >= minSimilarity),
      limit,
      best,
    );
  }
  const neighbours = selectTop(similarities, candidatePool, best);
  const bestSimilarity = (neighbours[0] as RankedTool).score;
  const median = medianOf(similarities.map(({ score }) => score));
  const spread = bestSimilarity - median;
  const similarityOf = new Map(similarities.map(({ entry, score }) => [entry.id, score]));
  const lexicalTop = Math.max(...lexicalResults.map(({ score }) => score));
  const lexicalOf = new Map(lexicalResults.map((result) => [result.entry.id, result]));
  // A tool the lexical ranker left out joins only on a strong semantic match: the vectors'
  // weak tail would otherwise rank tools by the query's words alone, so asking for a denied or
  // unknown tool by name would answer differently for each name.
  const candidates = new Map<string, CatalogEntry>();
  for (const { entry } of lexicalResults) candidates.set(entry.id, entry);
  for (const { entry, score } of neighbours) {
    if (score >= minSimilarity) candidates.set(entry.id, entry);
  }
  const blended: RankedTool[] = [];
  for (const [id, entry] of candidates) {
    const lexical = lexicalOf.get(id);
    const similarity = similarityOf.get(id) as number;
    const semantic = spread > 0 ? Math.max(0, (similarity - median) / spread) : 0;
    const score =
      (1 - weight) * (lexical === undefined || lexicalTop <= 0 ? 0 : lexical.score / lexicalTop) +
      weight * semantic;
    // Weak lexical evidence stays weak unless the vectors find the tool strongly on their own.
    const weak = lexical?.weak === true && similarity < minSimilarity;
    blended.push(weak ? { entry, score, weak } : { entry, score });
  }
  return selectTop(blended, limit, best);
}

function medianOf(values: readonly number[]): number {
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function dot(left: Float32Array, right: Float32Array): number {
  const length = Math.min(left.length, right.length);
  let sum = 0;
  for (let index = 0; index < length; index++) {
    sum += (left[index] as number) * (right[index] as number);
  }
  return sum;
}
