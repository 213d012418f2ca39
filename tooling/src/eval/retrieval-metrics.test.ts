import { describe, expect, it } from 'vitest';
import {
  aggregateRetrievalMetrics,
  isFalseEmpty,
  isNoMatchCorrect,
  mean,
  ndcgAtK,
  recallAtK,
  reciprocalRank,
} from './retrieval-metrics.js';

const log2of3 = Math.log2(3);
const log2of5 = Math.log2(5);

describe('recallAtK', () => {
  const relevance = { a: 3, b: 2, c: 1 };

  it('is the share of judged tools in the top k', () => {
    expect(recallAtK(['a', 'x', 'b', 'c'], relevance, 1)).toBe(1 / 3);
    expect(recallAtK(['a', 'x', 'b', 'c'], relevance, 3)).toBe(2 / 3);
    expect(recallAtK(['a', 'x', 'b', 'c'], relevance, 10)).toBe(1);
  });

  it('cannot reach 1 when k is smaller than the number of judged tools', () => {
    expect(recallAtK(['a', 'b', 'c'], relevance, 2)).toBe(2 / 3);
  });

  it('is 0 with no judged tool ranked, with no results, and with no judgments', () => {
    expect(recallAtK(['x', 'y'], relevance, 10)).toBe(0);
    expect(recallAtK([], relevance, 10)).toBe(0);
    expect(recallAtK(['a'], {}, 10)).toBe(0);
  });

  it('counts a tool ranked twice once', () => {
    expect(recallAtK(['a', 'a'], relevance, 2)).toBe(1 / 3);
  });

  it('ignores prototype names that are not judged', () => {
    expect(recallAtK(['__proto__', 'constructor', 'toString'], relevance, 3)).toBe(0);
  });
});

describe('reciprocalRank', () => {
  it('is 1 / rank of the first judged tool, whatever its grade', () => {
    expect(reciprocalRank(['a', 'b'], { a: 1, b: 3 })).toBe(1);
    expect(reciprocalRank(['x', 'y', 'b'], { a: 1, b: 3 })).toBe(1 / 3);
  });

  it('is 0 when no judged tool is ranked', () => {
    expect(reciprocalRank(['x', 'y'], { a: 1 })).toBe(0);
    expect(reciprocalRank([], { a: 1 })).toBe(0);
  });
});

describe('ndcgAtK', () => {
  const relevance = { a: 3, b: 2, c: 1 };
  // Ideal order a, b, c: gains 7, 3, 1 at ranks 1, 2, 3.
  const idealDcg = 7 / 1 + 3 / log2of3 + 1 / 2;

  it('is 1 for the ideal order', () => {
    expect(ndcgAtK(['a', 'b', 'c'], relevance, 10)).toBe(1);
    expect(ndcgAtK(['a', 'b', 'c', 'x'], relevance, 5)).toBe(1);
  });

  it('weighs grades 3 / 2 / 1 by (2^grade - 1) / log2(rank + 1) at ranks 1..4', () => {
    // x (unjudged) at rank 1, c (1) at 2, b (2) at 3, a (3) at 4.
    const dcg = 0 + 1 / log2of3 + 3 / 2 + 7 / log2of5;
    expect(ndcgAtK(['x', 'c', 'b', 'a'], relevance, 10)).toBeCloseTo(dcg / idealDcg, 14);
    expect(ndcgAtK(['x', 'c', 'b', 'a'], relevance, 10)).toBeCloseTo(0.547831, 6);
  });

  it('cuts the ranking and the ideal ordering at k', () => {
    // Top 2 of the ranking: c at 1, a at 2. Ideal top 2: 7 + 3 / log2(3).
    const expected = (1 + 7 / log2of3) / (7 + 3 / log2of3);
    expect(ndcgAtK(['c', 'a', 'b'], relevance, 2)).toBeCloseTo(expected, 14);
    expect(ndcgAtK(['c', 'a', 'b'], relevance, 2)).toBeCloseTo(0.60909, 5);
  });

  it('counts a tool ranked twice at its first rank only, so it never exceeds 1', () => {
    expect(ndcgAtK(['a', 'a', 'b', 'c'], relevance, 10)).toBeCloseTo(
      (7 + 3 / Math.log2(4) + 1 / log2of5) / idealDcg,
      14,
    );
    expect(ndcgAtK(['a', 'b', 'c', 'a'], relevance, 10)).toBe(1);
  });

  it('is 0 with no judged tool ranked, and 0 for an empty relevance map', () => {
    expect(ndcgAtK(['x', 'y'], relevance, 10)).toBe(0);
    expect(ndcgAtK([], relevance, 10)).toBe(0);
    expect(ndcgAtK(['a'], {}, 10)).toBe(0);
  });
});

describe('isNoMatchCorrect', () => {
  it('is true only for an empty answer', () => {
    expect(isNoMatchCorrect([])).toBe(true);
    expect(isNoMatchCorrect(['a'])).toBe(false);
  });
});

describe('mean', () => {
  it('is null for no values', () => {
    expect(mean([])).toBeNull();
    expect(mean([1, 0, 0.5])).toBe(0.5);
  });
});

describe('aggregateRetrievalMetrics', () => {
  it('averages over judged intents only and scores no_match intents separately', () => {
    const metrics = aggregateRetrievalMetrics([
      { class: 'exact_name', ranked: ['a', 'x'], relevance: { a: 3 } },
      { class: 'ambiguous', ranked: ['x', 'y', 'b', 'c'], relevance: { b: 2, c: 1 } },
      { class: 'no_match', ranked: [], relevance: {} },
      { class: 'no_match', ranked: ['x'], relevance: {} },
      { class: 'no_match', ranked: [], relevance: {} },
      // Neither judged nor no_match: counts for nothing.
      { class: 'alias', ranked: ['x'], relevance: {} },
    ]);
    const secondNdcg = (3 / 2 + 1 / log2of5) / (3 + 1 / log2of3);
    expect(metrics).toEqual({
      recall_at_1: (1 + 0) / 2,
      recall_at_3: (1 + 0.5) / 2,
      recall_at_5: (1 + 1) / 2,
      recall_at_10: 1,
      mrr: (1 + 1 / 3) / 2,
      ndcg_at_5: (1 + secondNdcg) / 2,
      ndcg_at_10: (1 + secondNdcg) / 2,
      no_match_accuracy: 2 / 3,
      no_match_empty_accuracy: 2 / 3,
      false_empty_count: 0,
      false_empty_rate: 0,
      weak_only_count: 0,
    });
  });

  it('takes only weak evidence as no match, and counts judged intents answered only with it', () => {
    const metrics = aggregateRetrievalMetrics([
      { class: 'no_match', ranked: ['x'], relevance: {}, matched: 0 },
      { class: 'no_match', ranked: ['x', 'y'], relevance: {}, matched: 1 },
      { class: 'no_match', ranked: [], relevance: {}, matched: 0 },
      { class: 'alias', ranked: ['a'], relevance: { a: 3 }, matched: 0 },
      { class: 'alias', ranked: ['a'], relevance: { a: 3 } },
    ]);
    expect(metrics).toMatchObject({
      no_match_accuracy: 2 / 3,
      no_match_empty_accuracy: 1 / 3,
      false_empty_count: 0,
      weak_only_count: 1,
      recall_at_1: 1,
    });
  });

  it('counts judged intents answered with nothing as false empties, over the judged intents', () => {
    const metrics = aggregateRetrievalMetrics([
      { class: 'exact_name', ranked: [], relevance: { a: 3 } },
      { class: 'alias', ranked: ['x'], relevance: { b: 1 } },
      { class: 'alias', ranked: [], relevance: { c: 2 } },
      { class: 'parameter', ranked: ['d'], relevance: { d: 1 } },
      // Unjudged intents answered with nothing are right (no_match) or not scored: never false empties.
      { class: 'no_match', ranked: [], relevance: {} },
      { class: 'alias', ranked: [], relevance: {} },
    ]);
    expect(metrics).toMatchObject({ false_empty_count: 2, false_empty_rate: 2 / 4 });
    expect(isFalseEmpty({ class: 'x', ranked: [], relevance: { a: 1 } })).toBe(true);
    expect(isFalseEmpty({ class: 'x', ranked: ['b'], relevance: { a: 1 } })).toBe(false);
    expect(isFalseEmpty({ class: 'no_match', ranked: [], relevance: {} })).toBe(false);
  });

  it('reports no-match accuracy as null when there is no no_match intent', () => {
    const metrics = aggregateRetrievalMetrics([
      { class: 'exact_name', ranked: [], relevance: { a: 1 } },
    ]);
    expect(metrics.no_match_accuracy).toBeNull();
    expect(metrics).toMatchObject({ false_empty_count: 1, false_empty_rate: 1 });
    expect(metrics.mrr).toBe(0);
    expect(metrics.recall_at_10).toBe(0);
  });

  it('averages to 0 when no intent is judged', () => {
    const metrics = aggregateRetrievalMetrics([{ class: 'no_match', ranked: [], relevance: {} }]);
    expect(metrics).toMatchObject({
      recall_at_1: 0,
      mrr: 0,
      ndcg_at_10: 0,
      no_match_accuracy: 1,
      false_empty_count: 0,
      false_empty_rate: null,
    });
  });
});
