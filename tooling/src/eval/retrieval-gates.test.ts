import { describe, expect, it } from 'vitest';
import type { RetrievalReport } from './evaluate-ranker.js';
import {
  checkBaselineLead,
  checkRetrievalGates,
  IRONCLAW_GATES,
  PADDED_1000_GATES,
  type RetrievalGates,
} from './retrieval-gates.js';
import type { RetrievalMetrics } from './retrieval-metrics.js';

function report(
  ranker: string,
  metrics: Partial<RetrievalMetrics>,
  classes: RetrievalReport['classes'] = {},
): RetrievalReport {
  return {
    ranker,
    tool_count: 50,
    query_count: 72,
    metrics: {
      recall_at_1: 1,
      recall_at_3: 1,
      recall_at_5: 1,
      recall_at_10: 1,
      mrr: 1,
      ndcg_at_5: 1,
      ndcg_at_10: 1,
      no_match_accuracy: 1,
      no_match_empty_accuracy: 1,
      weak_only_count: 0,
      false_empty_count: 0,
      false_empty_rate: 0,
      ...metrics,
    },
    classes,
    worst: [],
    false_empties: [],
    timing_ms: { build: 1, query_p50: 0.1, query_p99: 0.2 },
  };
}

describe('checkRetrievalGates', () => {
  it('passes a report at or above every gate', () => {
    const atGates = report(
      'default',
      { recall_at_1: 0.8, recall_at_5: 0.97, recall_at_10: 0.98, mrr: 0.95, ndcg_at_10: 0.97 },
      {
        alias: { count: 3, recall_at_5: 0.9, ndcg_at_10: 0.85 },
        no_match: { count: 2, recall_at_5: null, ndcg_at_10: null },
      },
    );
    expect(checkRetrievalGates(atGates, IRONCLAW_GATES)).toEqual([]);
  });

  it('describes each missed aggregate and class gate, in gate order', () => {
    const low = report(
      'default',
      { recall_at_5: 0.9152, ndcg_at_10: 0.5, no_match_accuracy: 0.5 },
      {
        alias: { count: 3, recall_at_5: 0.6912, ndcg_at_10: 0.755 },
        nested: { count: 2, recall_at_5: 1, ndcg_at_10: 0.9 },
        no_match: { count: 2, recall_at_5: null, ndcg_at_10: null },
      },
    );
    expect(checkRetrievalGates(low, IRONCLAW_GATES)).toEqual([
      'recall_at_5 0.9152 < 0.97',
      'ndcg_at_10 0.5000 < 0.97',
      'no_match_accuracy 0.5000 < 1',
      'class alias: recall_at_5 0.6912 < 0.9',
      'class alias: ndcg_at_10 0.7550 < 0.85',
    ]);
  });

  it('shows enough digits when four decimals would round up to the threshold', () => {
    const gates: RetrievalGates = { metrics: { ndcg_at_10: 0.97 } };
    expect(checkRetrievalGates(report('default', { ndcg_at_10: 0.96999 }), gates)).toEqual([
      'ndcg_at_10 0.96999 < 0.97',
    ]);
    expect(
      checkRetrievalGates(report('default', { ndcg_at_10: 0.95999 }), PADDED_1000_GATES),
    ).toEqual(['ndcg_at_10 0.95999 < 0.96']);
  });

  it('fails a gate on a metric that is null, and a class without judged intents', () => {
    const gates: RetrievalGates = {
      metrics: { no_match_accuracy: 1 },
      classes: { ndcg_at_10: 0.5 },
    };
    const unjudged = report(
      'default',
      { no_match_accuracy: null },
      { no_match: { count: 1, recall_at_5: null, ndcg_at_10: null } },
    );
    expect(checkRetrievalGates(unjudged, gates)).toEqual([
      'no_match_accuracy null < 1',
      'class no_match: ndcg_at_10 null < 0.5',
    ]);
  });

  it('caps the false-empty rate when maxFalseEmptyRate is set; a null rate passes', () => {
    const gates: RetrievalGates = { maxFalseEmptyRate: 0.005 };
    expect(
      checkRetrievalGates(
        report('default', { false_empty_count: 12, false_empty_rate: 0.012 }),
        gates,
      ),
    ).toEqual(['false_empty_rate 0.0120 > 0.005 (12 answerable queries answered with nothing)']);
    expect(
      checkRetrievalGates(
        report('default', { false_empty_count: 5, false_empty_rate: 0.005 }),
        gates,
      ),
    ).toEqual([]);
    expect(checkRetrievalGates(report('default', { false_empty_rate: null }), gates)).toEqual([]);
    expect(
      checkRetrievalGates(report('default', { false_empty_count: 9, false_empty_rate: 0.9 }), {}),
    ).toEqual([]);
  });

  it('checks nothing for empty gates', () => {
    expect(checkRetrievalGates(report('default', { mrr: 0 }), {})).toEqual([]);
  });
});

describe('checkBaselineLead', () => {
  it('requires the candidate strictly above every baseline on every metric', () => {
    const candidate = report('default', { recall_at_5: 0.5, ndcg_at_10: 0.8 });
    const baselines = [
      report('legacy', { recall_at_5: 0.4, ndcg_at_10: 0.8 }),
      report('bm25', { recall_at_5: 0.6, ndcg_at_10: 0.7 }),
    ];
    expect(checkBaselineLead(candidate, baselines, ['recall_at_5', 'ndcg_at_10'])).toEqual([
      'default recall_at_5 0.5000 <= bm25 0.6000',
      'default ndcg_at_10 0.8000 <= legacy 0.8000',
    ]);
    expect(checkBaselineLead(candidate, baselines.slice(0, 1), ['recall_at_5'])).toEqual([]);
    expect(checkBaselineLead(candidate, [], ['ndcg_at_10'])).toEqual([]);
  });

  it('fails a comparison with a null metric', () => {
    expect(
      checkBaselineLead(
        report('default', { no_match_accuracy: null }),
        [report('keyword', { no_match_accuracy: 0 })],
        ['no_match_accuracy'],
      ),
    ).toEqual(['default no_match_accuracy null <= keyword 0.0000']);
  });
});
