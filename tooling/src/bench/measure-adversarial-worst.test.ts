import type { SearchIndex } from 'tool-disclosure/search';
import { describe, expect, it } from 'vitest';
import { measureAdversarialWorst } from './measure-adversarial-worst.js';

/**
 * A fake clock and an index whose searches move it: the first search of a
 * query (the untimed one) takes 100 ms, each later one `text.length` ms plus
 * the pass number, so the median of three passes is `text.length + 1`.
 */
function clockedIndex(): { index: SearchIndex; now: () => number; searches: string[] } {
  let time = 0;
  const searches: string[] = [];
  const index: SearchIndex = {
    async search(query, limit) {
      const pass = searches.filter((searched) => searched === query).length;
      searches.push(query);
      expect(limit).toBe(10);
      time += pass === 0 ? 100 : query.length + (pass - 1);
      return [];
    },
  };
  return { index, now: () => time, searches };
}

describe('measureAdversarialWorst', () => {
  it('reports the query with the highest median time, the untimed first search left out', async () => {
    const queries = [
      { name: 'short', text: 'a' },
      { name: 'long', text: 'a'.repeat(12) },
      { name: 'middle', text: 'a'.repeat(5) },
    ];
    const { index, now, searches } = clockedIndex();
    const worst = await measureAdversarialWorst({ index, queries, passes: 3, now });
    expect(worst).toEqual({ ms: 13, query: queries[1], perQueryMs: [2, 13, 6] });
    // One untimed and three timed searches per query, query by query.
    expect(searches).toEqual(queries.flatMap(({ text }) => [text, text, text, text]));
  });

  it('keeps the first of equally slow queries', async () => {
    const queries = [
      { name: 'first', text: 'abc' },
      { name: 'second', text: 'xyz' },
    ];
    const { index, now } = clockedIndex();
    const worst = await measureAdversarialWorst({ index, queries, now });
    expect(worst).toEqual({ ms: 3, query: queries[0], perQueryMs: [3, 3] });
  });

  it('rejects an empty set', async () => {
    const { index } = clockedIndex();
    await expect(measureAdversarialWorst({ index, queries: [] })).rejects.toThrow('empty');
  });
});
