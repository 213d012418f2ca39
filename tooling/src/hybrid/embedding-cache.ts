/** One embedded text: its content key and its vector. */
export interface EmbeddingCacheEntry {
  readonly key: string;
  readonly vector: Float32Array;
}

/**
 * Where the hybrid ranker keeps the vectors of tool texts, by content key (a
 * SHA-256 of the model and the text), so each distinct text is embedded once
 * per cache. Memory (`createMemoryEmbeddingCache`) and Redis
 * (`createRedisEmbeddingCache`) are provided; a KV store or a file can
 * implement it. A cache that fails is treated as empty, never as an error.
 */
export interface EmbeddingCache {
  /** The vectors of `keys`, in their order; undefined where a key is not cached. */
  get(keys: readonly string[]): Promise<readonly (Float32Array | undefined)[]>;
  /** Keeps `entries`; a cache may drop them later (by size or age). */
  set(entries: readonly EmbeddingCacheEntry[]): Promise<void>;
}
