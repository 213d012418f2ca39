import type { CatalogEntry, ToolDefinition } from 'tool-disclosure/catalog';
import { InvalidOptionError } from 'tool-disclosure/error';
import type { Ranker } from 'tool-disclosure/search';
import { describe, expect, it } from 'vitest';
import type { EvalCorpus, EvalIntent } from './eval-corpus.js';
import { evaluateRanker } from './evaluate-ranker.js';
import { InvalidEvalCorpusError } from './invalid-eval-corpus-error.js';

/**
 * A ranker that answers each query with a fixed list of wire names and
 * anything else with no result, and records the size of every index it builds.
 */
function createScriptedRanker(script: Record<string, readonly string[]>) {
  const indexSizes: number[] = [];
  const ranker: Ranker = {
    name: 'scripted',
    async createIndex(entries) {
      indexSizes.push(entries.length);
      const byWireName = new Map(entries.map((entry) => [entry.wireName, entry]));
      return {
        async search(query, limit) {
          const names = Object.hasOwn(script, query) ? (script[query] as readonly string[]) : [];
          return names.slice(0, limit).map((name, index) => {
            const entry = byWireName.get(name);
            if (!entry) throw new Error(`the script names ${name}, which is not indexed`);
            return { entry: entry as CatalogEntry, score: names.length - index };
          });
        },
      };
    },
  };
  return { ranker, indexSizes };
}

const tool = (name: string): ToolDefinition => ({ name, description: `The ${name} tool.` });

const intent = (
  id: string,
  intentClass: string,
  query: string,
  relevance: EvalIntent['relevance'],
): EvalIntent => ({ id, class: intentClass, query, relevance });

const corpus: EvalCorpus = {
  name: 'five',
  namespaces: { mail: 'Email.' },
  tools: [
    tool('mail__send'),
    tool('mail__search'),
    tool('calendar__create_event'),
    tool('calendar__list_events'),
    tool('drive__upload'),
  ],
  intents: [
    intent('A', 'exact_name', 'mail__send', { mail__send: 3 }),
    intent('B', 'ambiguous', 'find mail', { mail__search: 3, mail__send: 1 }),
    intent('C', 'parameter', 'calendar', { calendar__create_event: 2, calendar__list_events: 1 }),
    intent('D', 'nested', 'attendee email', { calendar__create_event: 2 }),
    intent('E', 'no_match', 'order a pizza', {}),
    intent('F', 'no_match', 'book a flight', {}),
    intent('G', 'hard_negative', 'archive everything', { drive__upload: 1 }),
  ],
};

const script = {
  mail__send: ['mail__send', 'mail__search'],
  'find mail': ['drive__upload', 'mail__send', 'mail__search'],
  calendar: [
    'mail__send',
    'mail__search',
    'drive__upload',
    'calendar__list_events',
    'calendar__create_event',
  ],
  'book a flight': ['drive__upload'],
};

// Hand-computed NDCG of B (grades 0, 1, 3 at ranks 1..3) and C (grades 0, 0, 0, 1, 2 at ranks 1..5).
const ndcgB = (1 / Math.log2(3) + 7 / 2) / (7 + 1 / Math.log2(3));
const ndcgC = (1 / Math.log2(5) + 3 / Math.log2(6)) / (3 + 1 / Math.log2(3));

describe('evaluateRanker', () => {
  it('scores a 5-tool corpus exactly', async () => {
    const { ranker, indexSizes } = createScriptedRanker(script);
    const report = await evaluateRanker({ corpus, ranker, limit: 5 });
    expect(indexSizes).toEqual([5]);
    expect(report).toMatchObject({ ranker: 'scripted', tool_count: 5, query_count: 7 });
    expect(report.metrics).toEqual({
      recall_at_1: 1 / 5,
      recall_at_3: 2 / 5,
      recall_at_5: 3 / 5,
      recall_at_10: 3 / 5,
      mrr: (1 + 1 / 2 + 1 / 4 + 0 + 0) / 5,
      ndcg_at_5: (1 + ndcgB + ndcgC + 0 + 0) / 5,
      ndcg_at_10: (1 + ndcgB + ndcgC + 0 + 0) / 5,
      no_match_accuracy: 1 / 2,
      no_match_empty_accuracy: 1 / 2,
      // D and G have answers but got no result.
      false_empty_count: 2,
      false_empty_rate: 2 / 5,
      weak_only_count: 0,
    });
    expect(ndcgB).toBeCloseTo(0.54134, 5);
    expect(ndcgC).toBeCloseTo(0.438244, 6);
    expect(report.metrics.ndcg_at_10).toBeCloseTo(0.395917, 6);
  });

  it('returns the report keys in the documented order', async () => {
    const report = await evaluateRanker({ corpus, ranker: createScriptedRanker(script).ranker });
    expect(Object.keys(report)).toEqual([
      'ranker',
      'tool_count',
      'query_count',
      'metrics',
      'classes',
      'worst',
      'false_empties',
      'timing_ms',
    ]);
    expect(Object.keys(report.metrics)).toEqual([
      'recall_at_1',
      'recall_at_3',
      'recall_at_5',
      'recall_at_10',
      'mrr',
      'ndcg_at_5',
      'ndcg_at_10',
      'no_match_accuracy',
      'no_match_empty_accuracy',
      'false_empty_count',
      'false_empty_rate',
      'weak_only_count',
    ]);
    expect(Object.keys(report.false_empties[0] ?? {})).toEqual(['id', 'query', 'relevant']);
    expect(Object.keys(report.classes.nested ?? {})).toEqual([
      'count',
      'recall_at_5',
      'ndcg_at_10',
    ]);
    expect(Object.keys(report.worst[0] ?? {})).toEqual(['query', 'ndcg_at_10', 'top']);
    expect(Object.keys(report.timing_ms)).toEqual(['build', 'query_p50', 'query_p99']);
    for (const milliseconds of Object.values(report.timing_ms)) {
      expect(milliseconds).toBeGreaterThanOrEqual(0);
      expect(Math.round(milliseconds * 1000) / 1000).toBe(milliseconds);
    }
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('reports each class in byte order, with null recall and NDCG for no_match', async () => {
    const report = await evaluateRanker({ corpus, ranker: createScriptedRanker(script).ranker });
    expect(report.classes).toEqual({
      ambiguous: { count: 1, recall_at_5: 1, ndcg_at_10: ndcgB },
      exact_name: { count: 1, recall_at_5: 1, ndcg_at_10: 1 },
      hard_negative: { count: 1, recall_at_5: 0, ndcg_at_10: 0 },
      nested: { count: 1, recall_at_5: 0, ndcg_at_10: 0 },
      no_match: { count: 2, recall_at_5: null, ndcg_at_10: null },
      parameter: { count: 1, recall_at_5: 1, ndcg_at_10: ndcgC },
    });
    expect(Object.keys(report.classes)).toEqual([
      'ambiguous',
      'exact_name',
      'hard_negative',
      'nested',
      'no_match',
      'parameter',
    ]);
  });

  it('lists the judged intents with the lowest NDCG@10, ties by query, with their top 5', async () => {
    const report = await evaluateRanker({ corpus, ranker: createScriptedRanker(script).ranker });
    expect(report.worst).toEqual([
      { query: 'archive everything', ndcg_at_10: 0, top: [] },
      { query: 'attendee email', ndcg_at_10: 0, top: [] },
      {
        query: 'calendar',
        ndcg_at_10: ndcgC,
        top: [
          'mail__send',
          'mail__search',
          'drive__upload',
          'calendar__list_events',
          'calendar__create_event',
        ],
      },
      {
        query: 'find mail',
        ndcg_at_10: ndcgB,
        top: ['drive__upload', 'mail__send', 'mail__search'],
      },
      { query: 'mail__send', ndcg_at_10: 1, top: ['mail__send', 'mail__search'] },
    ]);
  });

  it('lists the judged intents answered with nothing, in corpus order, with their judged tools', async () => {
    const report = await evaluateRanker({ corpus, ranker: createScriptedRanker(script).ranker });
    expect(report.false_empties).toEqual([
      { id: 'D', query: 'attendee email', relevant: ['calendar__create_event'] },
      { id: 'G', query: 'archive everything', relevant: ['drive__upload'] },
    ]);
  });

  it('keeps at most 10 worst queries and 10 false empties', async () => {
    const intents = Array.from({ length: 12 }, (_, index) =>
      intent(String(index), 'alias', `query ${String(index).padStart(2, '0')}`, { mail__send: 1 }),
    );
    const report = await evaluateRanker({
      corpus: { ...corpus, intents },
      ranker: createScriptedRanker({}).ranker,
    });
    expect(report.worst.map((worst) => worst.query)).toEqual(
      intents.slice(0, 10).map((each) => each.query),
    );
    expect(report.false_empties.map((each) => each.id)).toEqual(
      intents.slice(0, 10).map((each) => each.id),
    );
    expect(report.metrics).toMatchObject({ false_empty_count: 12, false_empty_rate: 1 });
    expect(report.classes).toEqual({ alias: { count: 12, recall_at_5: 0, ndcg_at_10: 0 } });
    expect(report.metrics.no_match_accuracy).toBeNull();
  });

  it('pads the catalog with distractors, building the index once', async () => {
    const { ranker, indexSizes } = createScriptedRanker(script);
    const plain = await evaluateRanker({ corpus, ranker });
    const padded = await evaluateRanker({ corpus, ranker, distractors: 100 });
    expect(indexSizes).toEqual([5, 100]);
    expect(padded.tool_count).toBe(100);
    expect(padded.query_count).toBe(7);
    expect(padded.metrics).toEqual(plain.metrics);
    // A size below the corpus size leaves the catalog as it is.
    expect((await evaluateRanker({ corpus, ranker, distractors: 3 })).tool_count).toBe(5);
  });

  it('matches results to judgments by wire name when a tool name is not a wire name', async () => {
    const dotted: EvalCorpus = {
      name: 'dotted',
      namespaces: {},
      tools: [tool('mail.archive'), tool('mail.send')],
      intents: [intent('1', 'canonical_id', 'archive', { 'mail.archive': 2 })],
    };
    const report = await evaluateRanker({
      corpus: dotted,
      ranker: createScriptedRanker({ archive: ['mail__send', 'mail__archive'] }).ranker,
    });
    expect(report.metrics.mrr).toBe(1 / 2);
    expect(report.worst[0]?.top).toEqual(['mail__send', 'mail__archive']);
  });

  it('rejects judgments of tools outside the catalog and bad options', async () => {
    const { ranker } = createScriptedRanker(script);
    const stray = { ...corpus, intents: [intent('X', 'alias', 'q', { nowhere: 1 })] };
    await expect(evaluateRanker({ corpus: stray, ranker })).rejects.toSatisfy(
      (error) =>
        InvalidEvalCorpusError.isInstance(error) && /"X" judges "nowhere"/.test(error.message),
    );
    await expect(evaluateRanker({ corpus, ranker, limit: 0 })).rejects.toSatisfy(
      (error) => InvalidOptionError.isInstance(error) && error.option === 'limit',
    );
    await expect(evaluateRanker({ corpus, ranker, distractors: -1 })).rejects.toSatisfy(
      (error) => InvalidOptionError.isInstance(error) && error.option === 'distractors',
    );
  });
});
