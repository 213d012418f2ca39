import type { ToolDefinition } from 'tool-disclosure/catalog';
import { InvalidOptionError } from 'tool-disclosure/error';
import { describe, expect, it } from 'vitest';
import { buildNearMissCorpus, NEAR_MISS_METHOD, NEAR_MISS_SEED } from './build-near-miss-corpus.js';
import type { EvalCorpus, EvalIntent } from './eval-corpus.js';

/** Tools with distinct local names and descriptions, so none is a near-duplicate of another. */
const tool = (name: string, description = `Does ${name} things.`): ToolDefinition => ({
  name,
  description,
});

const intent = (id: string, relevance: EvalIntent['relevance'], intentClass = 'alias') => ({
  id,
  class: intentClass,
  query: `query ${id}`,
  relevance,
});

/** 60 tools and 60 queries, query i judging tool i only. */
function wideCorpus(): EvalCorpus {
  const tools = Array.from({ length: 60 }, (_, index) => tool(`ns__tool${index}`));
  return {
    name: 'wide',
    namespaces: {},
    tools,
    intents: tools.map((each, index) => intent(`q${index}`, { [each.name]: 2 })),
  };
}

describe('buildNearMissCorpus', () => {
  it('removes the judged tools of the picked queries and turns those into no_match queries', () => {
    const corpus = wideCorpus();
    const { corpus: variant, summary } = buildNearMissCorpus({ corpus, seed: NEAR_MISS_SEED });
    // max(5, 10% of 60) queries, removing at most max(5, 10% of the 60 judged tools).
    expect(summary).toEqual({
      seed: NEAR_MISS_SEED,
      removed_tools: 6,
      no_match_queries: 6,
      dropped_queries: 0,
      method: NEAR_MISS_METHOD,
    });
    expect(variant.name).toBe(`wide near-miss ${NEAR_MISS_SEED}`);
    expect(variant.tools).toHaveLength(54);
    const noMatch = variant.intents.filter((each) => each.class === 'no_match');
    expect(noMatch).toHaveLength(6);
    const kept = new Set(variant.tools.map((each) => each.name));
    for (const picked of noMatch) {
      expect(picked.relevance).toEqual({});
      const original = corpus.intents.find((each) => each.id === picked.id);
      expect(Object.keys(original?.relevance ?? {}).some((name) => kept.has(name))).toBe(false);
    }
    // Every other query keeps its judged tool and stays as it was, in corpus order.
    const others = variant.intents.filter((each) => each.class !== 'no_match');
    expect(others).toHaveLength(54);
    for (const other of others) expect(corpus.intents).toContain(other);
    expect(variant.intents.map((each) => each.id)).toEqual(
      corpus.intents
        .map((each) => each.id)
        .filter((id) => variant.intents.some((v) => v.id === id)),
    );
  });

  it('is deterministic for a seed, and another seed picks other queries', () => {
    const corpus = wideCorpus();
    const picks = (seed: number) =>
      buildNearMissCorpus({ corpus, seed })
        .corpus.intents.filter((each) => each.class === 'no_match')
        .map((each) => each.id);
    expect(picks(7)).toEqual(picks(7));
    expect(picks(7)).not.toEqual(picks(8));
    expect(buildNearMissCorpus({ corpus, seed: 7 })).toEqual(
      buildNearMissCorpus({ corpus, seed: 7 }),
    );
  });

  it('drops unpicked queries that lost a judged tool, and the corpus own unjudged queries', () => {
    const tools = Array.from({ length: 10 }, (_, index) => tool(`ns__tool${index}`));
    const corpus: EvalCorpus = {
      name: 'shared',
      namespaces: {},
      tools,
      intents: [
        // Every query judges tool0: whichever is picked, tool0 goes and the others lose it.
        ...Array.from({ length: 8 }, (_, index) =>
          intent(`q${index}`, { ns__tool0: 1, [`ns__tool${index + 1}`]: 2 }),
        ),
        intent('unrelated', { ns__tool9: 1 }),
        intent('none', {}, 'no_match'),
      ],
    };
    const { corpus: variant, summary } = buildNearMissCorpus({ corpus, seed: 1 });
    const removed = new Set(tools.map((each) => each.name));
    for (const kept of variant.tools) removed.delete(kept.name);
    expect(removed.has('ns__tool0')).toBe(true);
    expect(summary.removed_tools).toBe(removed.size);
    // Five picks are wanted, but tool0 and four others reach the cap of 5 removed tools.
    expect(summary).toMatchObject({ removed_tools: 5, no_match_queries: 4 });
    // The picked become no_match; `unrelated` stays unless picked; the rest is dropped.
    expect(variant.intents.every((each) => each.id !== 'none')).toBe(true);
    for (const each of variant.intents) {
      if (each.class !== 'no_match') {
        expect(Object.keys(each.relevance).every((name) => !removed.has(name))).toBe(true);
      }
    }
    expect(summary.dropped_queries).toBe(corpus.intents.length - variant.intents.length);
  });

  it('never picks a query whose judged tool has a near-duplicate that stays', () => {
    const tools = [
      // Same normalized local name in another namespace.
      tool('slack__send_message', 'Posts a message to a Slack channel.'),
      tool('discord__send-message', 'Posts into a Discord server.'),
      // Description word sets with Jaccard 1 (same words, other order and case).
      tool('mail__archive', 'Archive the selected email thread'),
      tool('inbox__file_away', 'the selected EMAIL thread: archive'),
      // Unique: may be picked.
      tool('calendar__create_event', 'Creates a calendar event.'),
      tool('drive__upload', 'Uploads a file.'),
    ];
    const corpus: EvalCorpus = {
      name: 'dupes',
      namespaces: {},
      tools,
      intents: tools.map((each, index) => intent(`q${index}`, { [each.name]: 1 })),
    };
    for (const seed of [0, 1, 2, 3, 13]) {
      const { corpus: variant } = buildNearMissCorpus({ corpus, seed });
      const picked = variant.intents.filter((each) => each.class === 'no_match');
      expect(picked.map((each) => each.id).sort()).toEqual(['q4', 'q5']);
    }
  });

  it('picks a query whose near-duplicate is removed with it', () => {
    const tools = [
      tool('slack__send_message', 'Posts a message to Slack.'),
      tool('discord__send_message', 'Posts a message to Discord.'),
    ];
    const corpus: EvalCorpus = {
      name: 'pair',
      namespaces: {},
      tools,
      intents: [intent('both', { slack__send_message: 2, discord__send_message: 1 })],
    };
    const { corpus: variant, summary } = buildNearMissCorpus({ corpus, seed: 0 });
    expect(summary).toMatchObject({ removed_tools: 2, no_match_queries: 1 });
    expect(variant.tools).toEqual([]);
  });

  it('caps the removed tools at max(5, 10% of the judged tools)', () => {
    // 70 unjudged tools do not raise the cap.
    const tools = Array.from({ length: 100 }, (_, index) => tool(`ns__tool${index}`));
    const corpus: EvalCorpus = {
      name: 'wide judgments',
      namespaces: {},
      tools,
      // Each query judges 3 of 30 tools: only one pick fits under 5 removed tools.
      intents: Array.from({ length: 10 }, (_, index) =>
        intent(`q${index}`, {
          [`ns__tool${3 * index}`]: 1,
          [`ns__tool${3 * index + 1}`]: 1,
          [`ns__tool${3 * index + 2}`]: 1,
        }),
      ),
    };
    const { summary } = buildNearMissCorpus({ corpus, seed: 5 });
    expect(summary).toMatchObject({ removed_tools: 3, no_match_queries: 1 });
  });

  it('rejects a seed that is not a non-negative integer', () => {
    for (const seed of [-1, 1.5, Number.NaN]) {
      expect(() => buildNearMissCorpus({ corpus: wideCorpus(), seed })).toThrow(InvalidOptionError);
    }
  });
});
