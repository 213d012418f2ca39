import { createSizedCache } from 'tool-disclosure/cache';
import { InvalidOptionError } from 'tool-disclosure/error';
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
  // The package's LRU cache, each vector counting one: the bound is a number of entries.
  const vectors = createSizedCache(maxEntries);
  return {
    async get(keys) {
      return keys.map((key) => vectors.get(key) as Float32Array | undefined);
    },
    async set(entries) {
      for (const { key, vector } of entries) vectors.set(key, vector, 1);
    },
  };
}
