import { describe, expect, it } from 'vitest';
import { createMemoryEmbeddingCache } from './create-memory-embedding-cache.js';

const vector = (value: number) => Float32Array.of(value, -value);

describe('createMemoryEmbeddingCache', () => {
  it('returns the vectors it holds in the order asked, undefined for the others', async () => {
    const cache = createMemoryEmbeddingCache();
    await cache.set([
      { key: 'a', vector: vector(1) },
      { key: 'b', vector: vector(2) },
    ]);
    expect(await cache.get(['b', 'missing', 'a'])).toEqual([vector(2), undefined, vector(1)]);
    expect(await cache.get([])).toEqual([]);
  });

  it('keeps at most maxEntries, dropping the least recently used first', async () => {
    const cache = createMemoryEmbeddingCache({ maxEntries: 2 });
    await cache.set([
      { key: 'a', vector: vector(1) },
      { key: 'b', vector: vector(2) },
    ]);
    await cache.get(['a']);
    await cache.set([{ key: 'c', vector: vector(3) }]);
    expect(await cache.get(['a', 'b', 'c'])).toEqual([vector(1), undefined, vector(3)]);
  });

  it('rejects a bound that is not a positive integer', () => {
    expect(() => createMemoryEmbeddingCache({ maxEntries: 0 })).toThrow(
      'Invalid maxEntries: 0. Expected a positive integer.',
    );
  });
});
