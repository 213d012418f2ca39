import { InvalidOptionError } from 'tool-disclosure/error';
import type { Ranker } from 'tool-disclosure/search';
import { describe, expect, it } from 'vitest';
import { computeScaleBaseline, SCALE_BASELINE_SIZES } from './compute-scale-baseline.js';
import type { EvalCorpus } from './eval-corpus.js';

const corpus: EvalCorpus = {
  name: 'tiny',
  namespaces: {},
  tools: [
    { name: 'mail__send', description: 'Send an email message to recipients.' },
    { name: 'mail__search', description: 'Search email messages by sender or subject.' },
    { name: 'calendar__create_event', description: 'Create a calendar event with attendees.' },
  ],
  intents: [
    { id: '1', class: 'exact_name', query: 'mail__send', relevance: { mail__send: 3 } },
    {
      id: '2',
      class: 'alias',
      query: 'schedule a meeting',
      relevance: { calendar__create_event: 2 },
    },
    { id: '3', class: 'no_match', query: 'order a pizza', relevance: {} },
  ],
};

/** A ranker that finds nothing and records the size of every index it builds. */
function createEmptyRanker() {
  const indexSizes: number[] = [];
  const ranker: Ranker = {
    name: 'empty',
    async createIndex(entries) {
      indexSizes.push(entries.length);
      return { search: async () => [] };
    },
  };
  return { ranker, indexSizes };
}

describe('computeScaleBaseline', () => {
  it('pads the corpus to each size, reporting the real catalog size', async () => {
    const { baseline, timings } = await computeScaleBaseline({ corpus, sizes: [2, 50, 200] });
    expect(Object.keys(baseline)).toEqual([
      'version',
      'generator_version',
      'seed',
      'corpus',
      'intent_count',
      'cases',
    ]);
    expect(baseline).toMatchObject({
      version: 1,
      generator_version: 1,
      seed: 7405,
      corpus: 'tiny',
      intent_count: 3,
    });
    expect(baseline.cases.map((each) => each.tool_count)).toEqual([3, 50, 200]);
    for (const { quality } of baseline.cases) {
      expect(Object.keys(quality)).toEqual([
        'recall_at_1',
        'recall_at_5',
        'recall_at_10',
        'mrr',
        'ndcg_at_10',
        'no_match_accuracy',
      ]);
      for (const value of Object.values(quality)) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
    }
    expect(timings.map((timing) => timing.tool_count)).toEqual([3, 50, 200]);
    expect(Object.keys(timings[0] ?? {})).toEqual([
      'tool_count',
      'build',
      'query_p50',
      'query_p99',
    ]);
    expect(JSON.stringify(baseline)).not.toContain('timing');
  });

  it('gives the same numbers on every run', async () => {
    const first = await computeScaleBaseline({ corpus, sizes: [100] });
    const second = await computeScaleBaseline({ corpus, sizes: [100] });
    expect(second.baseline).toEqual(first.baseline);
    expect(JSON.parse(JSON.stringify(first.baseline))).toEqual(first.baseline);
  });

  it('measures 100, 500, 1,000 and 10,000 tools by default, one index per size', async () => {
    const { ranker, indexSizes } = createEmptyRanker();
    const { baseline } = await computeScaleBaseline({ corpus, ranker });
    expect(SCALE_BASELINE_SIZES).toEqual([100, 500, 1000, 10000]);
    expect(indexSizes).toEqual([100, 500, 1000, 10000]);
    expect(baseline.cases.map((each) => each.tool_count)).toEqual([100, 500, 1000, 10000]);
    expect(baseline.cases[0]?.quality).toEqual({
      recall_at_1: 0,
      recall_at_5: 0,
      recall_at_10: 0,
      mrr: 0,
      ndcg_at_10: 0,
      no_match_accuracy: 1,
    });
  });

  it('reports a null no-match accuracy for a corpus without no_match intents', async () => {
    const judgedOnly = { ...corpus, intents: corpus.intents.slice(0, 2) };
    const { baseline } = await computeScaleBaseline({
      corpus: judgedOnly,
      sizes: [10],
      ranker: createEmptyRanker().ranker,
    });
    expect(baseline.cases[0]?.quality.no_match_accuracy).toBeNull();
  });

  it('rejects no sizes and sizes below one tool', async () => {
    const { ranker } = createEmptyRanker();
    for (const sizes of [[], [0], [100, 1.5], [Number.NaN]]) {
      await expect(computeScaleBaseline({ corpus, ranker, sizes })).rejects.toSatisfy(
        (error) => InvalidOptionError.isInstance(error) && error.option === 'sizes',
      );
    }
  });
});
