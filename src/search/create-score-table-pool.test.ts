import { describe, expect, it } from 'vitest';
import { createScoreTablePool } from './create-score-table-pool.js';

describe('createScoreTablePool', () => {
  it('hands a released table out again, empty', () => {
    const pool = createScoreTablePool(4, 1);
    const table = pool.take().set(2, 0.5);
    pool.release(table);
    const again = pool.take();
    expect(again).toBe(table);
    expect(again.size).toBe(0);
    expect(again.get(2)).toBeUndefined();
  });

  it('keeps no more free tables than it was told', () => {
    const pool = createScoreTablePool(4, 1);
    const [first, second] = [pool.take(), pool.take()];
    pool.release(first);
    pool.release(second);
    expect(pool.take()).toBe(first);
    expect(pool.take()).not.toBe(second);
  });
});
