import { cosineSimilarity, embed, embedMany } from 'ai';
import { describe, expect, it } from 'vitest';
import { createWordVectorEmbeddingModel } from './create-word-vector-embedding-model.js';
import { loadWordVectors } from './load-word-vectors.js';
import { createWordVectors } from './word-vectors.js';

const model = createWordVectorEmbeddingModel();

async function similarity(first: string, second: string, weighting?: 'uniform'): Promise<number> {
  const { embeddings } = await embedMany({
    model: weighting ? createWordVectorEmbeddingModel({ weighting }) : model,
    values: [first, second],
  });
  return cosineSimilarity(embeddings[0] as number[], embeddings[1] as number[]);
}

describe('createWordVectorEmbeddingModel', () => {
  it('is an AI SDK embedding model that embeds with embed, into 100 unit-length dimensions', async () => {
    const { embedding, usage } = await embed({ model, value: 'Take a picture of the whiteboard' });
    expect(embedding).toHaveLength(100);
    expect(Math.hypot(...embedding)).toBeCloseTo(1, 6);
    // The analyzed terms: take, a, pictur, whiteboard ("of" and "the" are stop words).
    expect(usage.tokens).toBe(4);
  });

  it('puts paraphrases near each other', async () => {
    expect(await similarity('picture', 'image')).toBeGreaterThan(
      await similarity('picture', 'invoice'),
    );
    expect(await similarity('boss', 'manager')).toBeGreaterThan(
      await similarity('boss', 'invoice'),
    );
    expect(await similarity('gym', 'workout')).toBeGreaterThan(await similarity('gym', 'calendar'));
    expect(await similarity('show me photos of my dog', 'search images')).toBeGreaterThan(
      await similarity('show me photos of my dog', 'create an invoice'),
    );
  });

  it('embeds many texts in one call, in order, as embed does one', async () => {
    const values = ['log my gym session', 'email my boss', 'resize a photo'];
    const { embeddings, responses } = await embedMany({ model, values });
    expect(responses).toHaveLength(1);
    const { embedding } = await embed({ model, value: values[1] as string });
    expect(embeddings[1]).toEqual(embedding);
    expect(cosineSimilarity(embeddings[0] as number[], embeddings[2] as number[])).toBeLessThan(1);
  });

  it('weighs rare terms over frequent ones by default, and every term alike when uniform', async () => {
    // "get" is frequent, so the default weighting leaves "get weather" near "weather".
    const weighted = await similarity('get the weather', 'weather');
    const uniform = await similarity('get the weather', 'weather', 'uniform');
    expect(weighted).toBeGreaterThan(uniform);
    expect(createWordVectorEmbeddingModel({ weighting: 'uniform' }).modelId).toBe(
      'word-vectors-uniform',
    );
  });

  it('embeds a text with no known term as the zero vector, which scores 0', async () => {
    const { embeddings } = await embedMany({ model, values: ['', 'the of and', 'image'] });
    expect(embeddings[0]).toEqual(new Array(100).fill(0));
    expect(embeddings[1]).toEqual(new Array(100).fill(0));
    expect(cosineSimilarity(embeddings[0] as number[], embeddings[2] as number[])).toBe(0);
  });

  it('embeds with the table it is given', async () => {
    const wordVectors = createWordVectors({
      terms: ['imag', 'invoic'],
      vectors: Float32Array.of(1, 0, 0, 1),
      dimension: 2,
    });
    const small = createWordVectorEmbeddingModel({ wordVectors, weighting: 'uniform' });
    const { embedding } = await embed({ model: small, value: 'images and invoices' });
    expect(embedding[0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(embedding[1]).toBeCloseTo(Math.SQRT1_2, 6);
  });

  it('warns that it cannot give other dimensions', async () => {
    const wordVectors = await loadWordVectors();
    const result = await createWordVectorEmbeddingModel({ wordVectors }).doEmbed({
      values: ['image'],
      dimensions: 256,
    });
    expect(result.embeddings[0]).toHaveLength(100);
    expect(result.warnings).toEqual([
      {
        type: 'unsupported',
        feature: 'dimensions',
        details: 'The word vectors have 100 dimensions; 256 cannot be given.',
      },
    ]);
  });

  it('stops when aborted', async () => {
    await expect(
      embed({ model, value: 'image', abortSignal: AbortSignal.abort(), maxRetries: 0 }),
    ).rejects.toThrow();
  });
});
