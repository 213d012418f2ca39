import { describe, expect, it } from 'vitest';
import { selectCandidates } from './select-candidates.js';

describe('selectCandidates', () => {
  it('keeps the set a full sort by total, field score and id would keep', () => {
    const totals = Float64Array.from({ length: 50 }, (_, id) => (id * 7) % 5);
    const fieldScores = Float64Array.from({ length: 50 }, (_, id) => (id * 3) % 4);
    const ids = Int32Array.from({ length: 49 }, (_, index) => index + 1);
    const sorted = [...ids].sort(
      (left, right) =>
        (totals[right] as number) - (totals[left] as number) ||
        (fieldScores[right] as number) - (fieldScores[left] as number) ||
        left - right,
    );
    for (const count of [0, 1, 7, 20, 49, 60]) {
      const heap = new Int32Array(Math.max(count, 49));
      const kept = selectCandidates(ids, ids.length, count, totals, fieldScores, heap);
      expect([...heap.subarray(0, kept)].sort((left, right) => left - right)).toEqual(
        sorted.slice(0, count).sort((left, right) => left - right),
      );
    }
  });
});
