import { createWordVectorEmbeddingModel } from 'tool-disclosure/word-vectors';

/**
 * The package's word-vector embedding model, recording every text it was asked
 * to embed, so tests can count what a ranker embedded. `modelId` stands for
 * another model (whose vectors must not be shared).
 */
export function createRecordingEmbeddingModel(modelId?: string) {
  const model = createWordVectorEmbeddingModel();
  const embedded: string[] = [];
  return {
    ...model,
    modelId: modelId ?? model.modelId,
    embedded,
    doEmbed: (options: Parameters<typeof model.doEmbed>[0]) => {
      embedded.push(...options.values);
      return model.doEmbed(options);
    },
  };
}
