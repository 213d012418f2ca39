import { analyzeText } from 'tool-disclosure/search';
import { describe, expect, it } from 'vitest';
import { createRankingSetScorer } from './create-ranking-set-scorer.js';
import type { EvalCorpus } from './eval-corpus.js';

const corpus: EvalCorpus = {
  name: 'tiny',
  tools: [
    { name: 'notes__create', description: 'Create a note.' },
    { name: 'notes__search', description: 'Search notes by text.' },
    { name: 'mail__send', description: 'Send an email.' },
  ],
  namespaces: {},
  intents: [
    { id: '1', class: 'exact_name', query: 'notes__create', relevance: { notes__create: 3 } },
    { id: '2', class: 'alias', query: 'find a note', relevance: { notes__search: 3 } },
    { id: '3', class: 'direct', query: 'please send a mail', relevance: { mail__send: 3 } },
    { id: '4', class: 'no_match', query: 'qwzx vbnm', relevance: {} },
  ],
};

describe('createRankingSetScorer', () => {
  it("scores today's ranker and a point's", async () => {
    const score = createRankingSetScorer({ sets: new Map([['tiny', corpus]]) });
    const today = await score('tiny', {});
    expect(today).toEqual({
      ndcg_at_10: 1,
      recall_at_5: 1,
      mrr: 1,
      false_empty_rate: 0,
      no_match_accuracy: 1,
    });
    // Without synonyms "find" is no "search": "a note" finds both notes tools.
    expect((await score('tiny', { synonyms: false })).ndcg_at_10).toBeLessThan(1);
  });

  it('leaves the filler words as they were after a point without them', async () => {
    const score = createRankingSetScorer({ sets: new Map([['tiny', corpus]]) });
    await score('tiny', { requestFillers: false });
    expect(analyzeText('please send')).toEqual(['send']);
  });

  it('refuses a set it does not have', async () => {
    const score = createRankingSetScorer({ sets: new Map([['tiny', corpus]]) });
    await expect(score('other', {})).rejects.toThrow(/one of tiny/);
  });
});
