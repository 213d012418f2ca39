import { InvalidOptionError } from 'tool-disclosure/error';
import type { EmbeddingCache } from './embedding-cache.js';
import { decodeFloat32Base64, encodeFloat32Base64 } from './float32-base64.js';

/**
 * The two commands the Redis cache uses, as the official `redis` package's
 * client (node-redis 5 and later, `createClient()`) offers them; any client
 * with the same shape works.
 */
export interface RedisEmbeddingCacheClient {
  mGet(keys: string[]): Promise<readonly (string | null | unknown)[]>;
  set(
    key: string,
    value: string,
    options?: { expiration: { type: 'EX'; value: number } },
  ): Promise<unknown>;
}

export interface RedisEmbeddingCacheOptions {
  /** A connected client (`await createClient({ url }).connect()`). */
  client: RedisEmbeddingCacheClient;
  /** Prepended to every key, so one database can hold other data. @default 'tool-disclosure:embedding:' */
  prefix?: string;
  /** How long a vector is kept, in seconds; undefined keeps it until Redis evicts it. @default undefined */
  ttlSeconds?: number;
}

/**
 * An embedding cache in Redis, shared by every instance that connects to it:
 * a fleet of serverless functions then embeds each tool text once, not once
 * per cold start. Vectors are stored as base64 float32 (about 8 KB for 1,536
 * dimensions); a value that is not one reads as a miss.
 *
 * @example
 * const client = await createClient({ url: process.env.REDIS_URL }).connect();
 * const ranker = createHybridRanker({ embeddingModel, cache: createRedisEmbeddingCache({ client, ttlSeconds: 30 * 86_400 }) });
 */
export function createRedisEmbeddingCache({
  client,
  prefix = 'tool-disclosure:embedding:',
  ttlSeconds,
}: RedisEmbeddingCacheOptions): EmbeddingCache {
  if (ttlSeconds !== undefined && (!Number.isSafeInteger(ttlSeconds) || ttlSeconds < 1)) {
    throw new InvalidOptionError({
      option: 'ttlSeconds',
      value: ttlSeconds,
      expected: 'a positive whole number of seconds, or undefined to keep vectors',
    });
  }
  const options =
    ttlSeconds === undefined
      ? undefined
      : { expiration: { type: 'EX' as const, value: ttlSeconds } };
  return {
    async get(keys) {
      if (keys.length === 0) return [];
      const values = await client.mGet(keys.map((key) => prefix + key));
      return keys.map((_, index) => {
        const value = values[index];
        return typeof value === 'string' ? decodeFloat32Base64(value) : undefined;
      });
    },
    async set(entries) {
      // Issued together: node-redis pipelines the commands of one tick into one round trip.
      await Promise.all(
        entries.map(({ key, vector }) =>
          client.set(prefix + key, encodeFloat32Base64(vector), options),
        ),
      );
    },
  };
}
