export {
  InvalidWordVectorsError,
  type WordVectorsProblem,
} from '../error/invalid-word-vectors-error.js';
export {
  createWordVectorEmbeddingModel,
  type WordVectorEmbeddingModel,
  type WordVectorEmbeddingModelOptions,
  type WordVectorWeighting,
} from './create-word-vector-embedding-model.js';
export { createWordVectorRanker } from './create-word-vector-ranker.js';
export { loadWordVectors } from './load-word-vectors.js';
export { parseWordVectors, WORD_VECTORS_FORMAT_VERSION } from './parse-word-vectors.js';
export type { NearestWordsOptions, WordNeighbor } from './word-neighbor.js';
export type { WordVectorVocabulary } from './word-vector-vocabulary.js';
export type { WordVectors } from './word-vectors.js';
