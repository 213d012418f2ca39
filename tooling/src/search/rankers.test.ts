import { generateText, jsonSchema, type ToolSet, tool, toolSearch } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { ToolDefinition } from 'tool-disclosure/catalog';
import { createCatalog } from 'tool-disclosure/catalog';
import type { RankedTool, Ranker, SearchIndex } from 'tool-disclosure/search';
import { createOramaRanker } from 'tool-disclosure/search';
import { describe, expect, it } from 'vitest';
import { rankerConformanceSuite } from '../../../src/search/ranker-conformance.case.js';
import { createBm25Ranker } from './bm25-ranker.js';
import { createKeywordRanker } from './keyword-ranker.js';
import { createLegacyRanker } from './legacy-ranker.js';
import { RANKERS } from './rankers.js';

rankerConformanceSuite(createOramaRanker);
rankerConformanceSuite(createLegacyRanker);
rankerConformanceSuite(createKeywordRanker);
rankerConformanceSuite(createBm25Ranker);

const definitions: ToolDefinition[] = [
  { name: 'calendar__create_event', description: 'Create an event in a calendar' },
  { name: 'calendar__list_events', description: 'List upcoming events in a calendar' },
  { name: 'repo__create_issue', description: 'Open an issue in a repository' },
];

function scoresOf(results: readonly RankedTool[]) {
  return results.map((result) => [result.entry.wireName, result.score]);
}

async function buildIndex(
  createRanker: () => Ranker,
  tools: readonly ToolDefinition[] = definitions,
): Promise<SearchIndex> {
  const catalog = await createCatalog({ definitions: tools });
  return createRanker().createIndex(catalog.entries);
}

describe('legacy ranker scores', () => {
  it('adds 10 for a whole word and 5 for a substring', async () => {
    const index = await buildIndex(createLegacyRanker);
    expect(scoresOf(await index.search('upcoming', 10))).toEqual([['calendar__list_events', 10]]);
    expect(scoresOf(await index.search('upcom', 10))).toEqual([['calendar__list_events', 5]]);
    // "event" is a word of one tool and only part of "events" in the other.
    expect(scoresOf(await index.search('Event', 10))).toEqual([
      ['calendar__create_event', 10],
      ['calendar__list_events', 5],
    ]);
    // The wire name is one word of the text.
    expect(scoresOf(await index.search('repo__create_issue', 10))).toEqual([
      ['repo__create_issue', 10],
    ]);
  });

  it('counts repeated terms again and caps a tool at 30', async () => {
    const index = await buildIndex(createLegacyRanker);
    expect(scoresOf(await index.search('issue issue', 10))).toEqual([['repo__create_issue', 20]]);
    expect(scoresOf(await index.search('create an event in a calendar', 10))).toEqual([
      ['calendar__create_event', 30],
      ['calendar__list_events', 30],
      ['repo__create_issue', 30],
    ]);
  });

  it('breaks ties by wire name, not canonical id', async () => {
    const index = await buildIndex(createLegacyRanker, [
      { name: 'b_sync', namespace: 'alpha', description: 'Sync files' },
      { name: 'a_sync', namespace: 'beta', description: 'Sync files' },
    ]);
    const results = await index.search('sync', 10);
    expect(results.map((result) => [result.entry.id, result.entry.wireName])).toEqual([
      ['beta.a_sync', 'a_sync'],
      ['alpha.b_sync', 'b_sync'],
    ]);
  });
});

describe('keyword ranker scores', () => {
  it('adds 2 per distinct query word in the name and 1 per word in the description', async () => {
    const index = await buildIndex(createKeywordRanker);
    // camelCase splits into "create" and "event": 2 + 2 for the name, 1 + 1 for the description.
    expect(scoresOf(await index.search('createEvent', 10))).toEqual([
      ['calendar__create_event', 6],
      ['repo__create_issue', 2],
    ]);
    // Repeating a word adds nothing; "events" is not "event"; "upcom" is no word.
    expect(scoresOf(await index.search('events events upcom', 10))).toEqual([
      ['calendar__list_events', 3],
    ]);
    expect(scoresOf(await index.search('repository', 10))).toEqual([['repo__create_issue', 1]]);
  });

  it('returns what the SDK toolSearch returns, in the same order', async () => {
    const catalog = await createCatalog({
      definitions: [
        ...definitions,
        { name: 'mail__sendMessage', description: 'Send an email message' },
        { name: 'mail__list_drafts', description: 'List email drafts of a mailbox' },
      ],
    });
    const index = await createKeywordRanker().createIndex(catalog.entries);
    // Deferred tools in canonical-id order, so the SDK's stable sort breaks ties the same way.
    const tools: ToolSet = { find: toolSearch({ maxResults: 50 }) };
    for (const entry of catalog.entries) {
      tools[entry.wireName] = tool({
        description: entry.description,
        inputSchema: jsonSchema({ type: 'object', properties: {} }),
        deferLoading: true,
        execute: async () => 'ok',
      });
    }
    const fromSdk: Record<string, string[]> = {};
    const fromRanker: Record<string, string[]> = {};
    for (const query of ['create event', 'sendMessage', 'list', 'email calendar', 'zzqx']) {
      const result = await generateText({
        model: new MockLanguageModelV4({
          doGenerate: {
            content: [
              {
                type: 'tool-call',
                toolCallId: 'call-1',
                toolName: 'find',
                input: JSON.stringify({ query }),
              },
            ],
            finishReason: { unified: 'tool-calls', raw: undefined },
            usage: {
              inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
              outputTokens: { total: 1, text: 1, reasoning: 0 },
            },
            warnings: [],
          },
        }),
        tools,
        prompt: 'find a tool',
      });
      const output = result.toolResults[0]?.output as { tools: { name: string }[] };
      fromSdk[query] = output.tools.map((found) => found.name);
      fromRanker[query] = (await index.search(query, 50)).map((ranked) => ranked.entry.wireName);
    }
    expect(fromRanker).toEqual(fromSdk);
    expect(fromSdk).toMatchInlineSnapshot(`
      {
        "create event": [
          "calendar__create_event",
          "repo__create_issue",
        ],
        "email calendar": [
          "calendar__create_event",
          "calendar__list_events",
          "mail__list_drafts",
          "mail__sendMessage",
        ],
        "list": [
          "calendar__list_events",
          "mail__list_drafts",
        ],
        "sendMessage": [
          "mail__sendMessage",
        ],
        "zzqx": [],
      }
    `);
  });
});

describe('RANKERS', () => {
  it('lists the default first, each ranker named after its key before it loads anything', () => {
    expect(Object.keys(RANKERS)).toEqual([
      'default',
      'legacy',
      'keyword',
      'bm25',
      'vectors',
      'hybrid',
    ]);
    for (const [key, create] of Object.entries(RANKERS)) expect(create().name).toBe(key);
  });
});
