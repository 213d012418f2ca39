import type { EmbeddingModel } from 'ai';
import { analyzeText } from '../search/analyze-text.js';
import { loadWordVectors } from './load-word-vectors.js';
import type { WordVectors } from './word-vectors.js';

/** The AI SDK's embedding model interface, version 4 (`EmbeddingModelV4` of `@ai-sdk/provider`). */
export type WordVectorEmbeddingModel = Extract<EmbeddingModel, { specificationVersion: 'v4' }>;

type SharedWarning = Awaited<ReturnType<WordVectorEmbeddingModel['doEmbed']>>['warnings'][number];

/** How the terms of a text count in its embedding. */
export type WordVectorWeighting = 'frequency' | 'uniform';

export interface WordVectorEmbeddingModelOptions {
  /**
   * The table to embed with.
   * @default the table shipped with the package, loaded on the first embedding (`loadWordVectors`)
   */
  wordVectors?: WordVectors;
  /**
   * `frequency` weighs each term by how rare it is in the source corpus (smooth inverse
   * frequency), so "get" and "list" count less than "invoice"; `uniform` counts every term once.
   * @default 'frequency'
   */
  weighting?: WordVectorWeighting;
}

/**
 * Smooth inverse frequency: a term's weight is a / (a + p), p its estimated probability. The
 * source corpus's counts are not shipped, only the terms' order by frequency, so p follows Zipf's
 * law from the term's rank in the table, 1 / ((rank + 1) · H), H ≈ ln(400,000) + 0.58 for GloVe's
 * 400,000-word vocabulary. With a = 0.001 the most frequent terms weigh about 0.01, a term of rank
 * 100 about 0.6 and one past rank 1,000 over 0.9.
 */
const smoothing = 1e-3;
const zipfNormaliser = Math.log(400_000) + 0.5772;

function frequencyWeight(rank: number): number {
  const probability = 1 / ((rank + 1) * zipfNormaliser);
  return smoothing / (smoothing + probability);
}

/**
 * A small, local AI SDK embedding model: a text's embedding is the normalised, weighted mean of
 * its analyzed terms' word vectors (`analyzeText`, so the same terms as the search index). It
 * needs no API key or network and embeds thousands of texts a second; it knows word meanings, not
 * word order. A text none of whose terms the table holds embeds as the zero vector, which the AI
 * SDK's `cosineSimilarity` scores 0 against anything. Use it with `embed` and `embedMany` from 'ai'.
 *
 * @example
 * const model = createWordVectorEmbeddingModel();
 * const { embeddings } = await embedMany({ model, values: ['take a picture', 'send an invoice'] });
 */
export function createWordVectorEmbeddingModel({
  wordVectors,
  weighting = 'frequency',
}: WordVectorEmbeddingModelOptions = {}): WordVectorEmbeddingModel {
  return {
    specificationVersion: 'v4',
    provider: 'tool-disclosure',
    modelId: `word-vectors-${weighting}`,
    maxEmbeddingsPerCall: Number.POSITIVE_INFINITY,
    supportsParallelCalls: true,
    async doEmbed({ values, dimensions, abortSignal }) {
      const table = wordVectors ?? (await loadWordVectors());
      abortSignal?.throwIfAborted();
      const warnings: SharedWarning[] =
        dimensions === undefined || dimensions === table.dimension
          ? []
          : [
              {
                type: 'unsupported',
                feature: 'dimensions',
                details: `The word vectors have ${table.dimension} dimensions; ${dimensions} cannot be given.`,
              },
            ];
      let tokens = 0;
      const embeddings = values.map((value) => {
        const terms = analyzeText(value);
        tokens += terms.length;
        return embedTerms(table, terms, weighting);
      });
      return { embeddings, usage: { tokens }, warnings };
    },
  };
}

function embedTerms(table: WordVectors, terms: string[], weighting: WordVectorWeighting): number[] {
  const sum = new Float64Array(table.dimension);
  for (const term of terms) {
    const vector = table.vector(term);
    if (vector === undefined) continue;
    const weight = weighting === 'uniform' ? 1 : frequencyWeight(table.rank(term) as number);
    for (let i = 0; i < sum.length; i++)
      sum[i] = (sum[i] as number) + weight * (vector[i] as number);
  }
  let norm = 0;
  for (const value of sum) norm += value * value;
  const scale = norm === 0 ? 0 : 1 / Math.sqrt(norm);
  return Array.from(sum, (value) => value * scale);
}
