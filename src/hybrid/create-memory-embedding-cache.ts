import { InvalidOptionError } from '../error/invalid-option-error.js';
import type { EmbeddingCache } from './embedding-cache.js';

export interface MemoryEmbeddingCacheOptions {
  /**
   * The most vectors kept; the least recently used go first. A
   * 1,536-dimension vector holds about 6 KB. @default 10000
   */
  maxEntries?: number;
}

/**
 * An embedding cache in this process's memory, bounded by entries, least
 * recently used dropped first: the hybrid ranker's default.
 *
 * @example
 * const ranker = createHybridRanker({ embeddingModel, cache: createMemoryEmbeddingCache({ maxEntries: 2000 }) });
 */
export function createMemoryEmbeddingCache({
  maxEntries = 10_000,
}: MemoryEmbeddingCacheOptions = {}): EmbeddingCache {
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) {
    throw new InvalidOptionError({
      option: 'maxEntries',
      value: maxEntries,
      expected: 'a positive integer',
    });
  }
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const vectors = new Map<string, Float32Array>();
  return {
    async get(keys) {
      return keys.map((key) => {
        const vector = vectors.get(key);
        if (vector !== undefined) {
          vectors.delete(key);
          vectors.set(key, vector);
        }
        return vector;
      });
    },
    async set(entries) {
      for (const { key, vector } of entries) {
        vectors.delete(key);
        vectors.set(key, vector);
      }
      for (const key of vectors.keys()) {
        if (vectors.size <= maxEntries) break;
        vectors.delete(key);
      }
    },
  };
}
