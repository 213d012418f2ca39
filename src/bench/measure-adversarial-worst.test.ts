import { describe, expect, it } from 'vitest';
import type { SearchIndex } from '../search/ranker.js';
import { measureAdversarialWorst } from './measure-adversarial-worst.js';

/** An index that spends about `text.length` milliseconds per search. */
const slowIndex: SearchIndex = {
  async search(query) {
    const until = performance.now() + query.length;
    while (performance.now() < until) {
      // Busy-waits, as a slow search would.
    }
    return [];
  },
};

describe('measureAdversarialWorst', () => {
  it('reports the query with the highest median time', async () => {
    const queries = [
      { name: 'short', text: 'a' },
      { name: 'long', text: 'a'.repeat(12) },
      { name: 'middle', text: 'a'.repeat(5) },
    ];
    const worst = await measureAdversarialWorst({ index: slowIndex, queries, passes: 3 });
    expect(worst.query.name).toBe('long');
    expect(worst.ms).toBeGreaterThanOrEqual(12);
    expect(worst.perQueryMs).toHaveLength(3);
    expect(Math.max(...worst.perQueryMs)).toBe(worst.ms);
  });

  it('rejects an empty set', async () => {
    await expect(measureAdversarialWorst({ index: slowIndex, queries: [] })).rejects.toThrow(
      'empty',
    );
  });
});
