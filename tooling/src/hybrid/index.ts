export {
  createHybridRanker,
  type HybridRankerOptions,
} from './create-hybrid-ranker.js';
export {
  createMemoryEmbeddingCache,
  type MemoryEmbeddingCacheOptions,
} from './create-memory-embedding-cache.js';
export {
  createRedisEmbeddingCache,
  type RedisEmbeddingCacheClient,
  type RedisEmbeddingCacheOptions,
} from './create-redis-embedding-cache.js';
export type { EmbeddingCache, EmbeddingCacheEntry } from './embedding-cache.js';
export { decodeFloat32Base64, encodeFloat32Base64 } from './float32-base64.js';
export { toolEmbeddingText } from './tool-embedding-text.js';
