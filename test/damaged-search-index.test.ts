import { jsonSchema, type Tool, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { snapshotToolSearchIndex } from '../src/bridge.js';
import { createToolDisclosureCache, type ToolDisclosureOptions } from '../src/index.js';
import { countingRanker } from '../src/search/counting-ranker.case.js';
import type { Kind } from '../src/wrap/scripted-model.case.js';
import { type Searched, searchThroughWrapper } from './search-through-wrapper.case.js';

// Issue 28, item 5: a `searchIndex` snapshot whose header matches the catalog but whose body is
// damaged is not loaded: the index is built, `onWarning` hears once what is wrong, nothing throws.

const descriptions: Record<string, string> = {
  'gmail.send_message': 'Send an email message to a recipient.',
  'gmail.list_messages': 'List the email messages in the inbox.',
  'slack.post_message': 'Post a message to a Slack channel.',
  'stripe.create_refund': 'Refund a charge to the customer.',
  'calendar.create_event': 'Create a calendar event with attendees.',
  'github.create_issue': 'Open an issue in a repository.',
};

function createTools(): Record<string, Tool> {
  return Object.fromEntries(
    Object.entries(descriptions).map(([name, description]) => [
      name,
      tool({
        description,
        inputSchema: jsonSchema({
          type: 'object',
          properties: { text: { type: 'string', description: 'What to write.' } },
        }),
        execute: async () => 'done',
      }),
    ]),
  );
}

const options = { maxTools: 2, environment: {} } satisfies ToolDisclosureOptions;
const queries = ['send an email', 'refund a charge', 'post to slack'];

/** Searches `searches` through the public generateText or streamText, one step each. */
function search(
  kind: Kind,
  toolDisclosure: ToolDisclosureOptions,
  searches: readonly string[] = queries.slice(0, 1),
): Promise<Searched> {
  return searchThroughWrapper(kind, createTools(), searches, { ...options, ...toolDisclosure });
}

type Snapshot = Awaited<ReturnType<typeof snapshotToolSearchIndex>>;
// biome-ignore lint/suspicious/noExplicitAny: damage reaches into the saved data's untyped layout.
type Writable = any;

const written = JSON.stringify(await snapshotToolSearchIndex({ tools: createTools() }, options));

/** A fresh copy of the snapshot as a cold start reads it, with `damage` done to it. */
function damaged(damage: (snapshot: Writable) => void): Snapshot {
  const snapshot = JSON.parse(written);
  damage(snapshot);
  return snapshot;
}

/** An array nested `depth` deep: `[[[...]]]`. */
function nested(depth: number): unknown {
  return JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
}

const expected = {
  generateText: await search('generateText', { cache: createToolDisclosureCache() }, queries),
  streamText: await search('streamText', { cache: createToolDisclosureCache() }, queries),
};

/** Damage that breaks loading, each with what the one warning must name. */
const damages: [name: string, damage: (snapshot: Writable) => void, names: RegExp][] = [
  [
    'an emptied body',
    (snapshot) => {
      snapshot.index = {};
    },
    /its index\.ranker is missing/,
  ],
  [
    'a body of null',
    (snapshot) => {
      snapshot.index = null;
    },
    /its index is null/,
  ],
  [
    'the body removed',
    (snapshot) => {
      delete snapshot.index;
    },
    /its index is missing/,
  ],
  [
    'a document removed',
    (snapshot) => {
      delete snapshot.index.orama.docs.docs['2'];
    },
    /its index\.orama\.docs\.docs\.2 is missing/,
  ],
  [
    'an id removed from the id list',
    (snapshot) => {
      snapshot.index.orama.internalDocumentIDStore.internalIdToId.pop();
    },
    /its index\.orama\.internalDocumentIDStore\.internalIdToId is an array of 5 items, expected an array of 6/,
  ],
  [
    'the tool count edited',
    (snapshot) => {
      snapshot.index.tools = 5;
    },
    /its index\.orama\.internalDocumentIDStore\.internalIdToId is an array of 6 items, expected an array of 5/,
  ],
  [
    'the tool count made huge',
    (snapshot) => {
      snapshot.index.tools = 1e9;
    },
    /internalIdToId is an array of 6 items, expected an array of 1000000000/,
  ],
  [
    'the tool count made a string',
    (snapshot) => {
      snapshot.index.tools = '6';
    },
    /its index\.tools is "6", expected the number of tools indexed/,
  ],
  [
    'the body version edited',
    (snapshot) => {
      snapshot.index.version = 2;
    },
    /its index\.version is 2, expected 1/,
  ],
  [
    'the body ranker edited',
    (snapshot) => {
      snapshot.index.ranker = 'bm25';
    },
    /its index\.ranker is "bm25", expected "default"/,
  ],
  [
    'the Orama data removed',
    (snapshot) => {
      delete snapshot.index.orama;
    },
    /its index\.orama is missing/,
  ],
  [
    'the documents made an array of strings',
    (snapshot) => {
      snapshot.index.orama.docs.docs = ['a', 'b'];
    },
    /its index\.orama\.docs\.docs\.1 is "b"/,
  ],
  [
    "a document's id edited",
    (snapshot) => {
      snapshot.index.orama.docs.docs['1'].id = 'someone.else';
    },
    /its index\.orama\.docs\.docs\.1\.id is "someone\.else", expected "calendar\.create_event"/,
  ],
  [
    "a document's text made a number",
    (snapshot) => {
      snapshot.index.orama.docs.docs['3'].description = 7;
    },
    /its index\.orama\.docs\.docs\.3\.description is 7, expected a string/,
  ],
  [
    "a document's text given more terms",
    (snapshot) => {
      snapshot.index.orama.docs.docs['3'].namespace = 'gmail$ slack$';
    },
    /its index\.orama\.index\.fieldLengths\.namespace\.3 is 1, expected 2/,
  ],
  [
    'a field length edited',
    (snapshot) => {
      snapshot.index.orama.index.fieldLengths.description['1'] += 1;
    },
    /its index\.orama\.index\.fieldLengths\.description\.1 is \d+, expected \d+/,
  ],
  [
    'the field lengths removed',
    (snapshot) => {
      delete snapshot.index.orama.index.fieldLengths;
    },
    /its index\.orama\.index\.fieldLengths is missing/,
  ],
  [
    'a nested header field',
    (snapshot) => {
      snapshot.format = nested(100_000);
    },
    /its format is an array of 1 item/,
  ],
  [
    'a nested id list',
    (snapshot) => {
      snapshot.index.orama.internalDocumentIDStore.internalIdToId = nested(100_000);
    },
    /internalIdToId is an array of 1 item, expected an array of 6/,
  ],
  [
    'a million ids',
    (snapshot) => {
      snapshot.index.orama.internalDocumentIDStore.internalIdToId = Array(1e6).fill('x');
    },
    /internalIdToId is an array of 1000000 items, expected an array of 6/,
  ],
];

/** Damage that loaded, and ranked differently from the catalog: now found, the index is built. */
const silentDamages: [name: string, damage: (snapshot: Writable) => void, names: RegExp][] = [
  [
    'an average field length edited',
    (snapshot) => {
      snapshot.index.orama.index.avgFieldLength.description = 1;
    },
    /its index\.orama\.index\.avgFieldLength\.description is 1, expected [\d.]+/,
  ],
  [
    "a document's text edited, with as many terms",
    (snapshot) => {
      snapshot.index.orama.docs.docs['3'].namespace = 'zzz$';
    },
    /its index\.orama\.index\.tokenOccurrences\.namespace\.(zzz|gmail)\$ is/,
  ],
  [
    'a term count edited',
    (snapshot) => {
      snapshot.index.orama.index.tokenOccurrences.description.email$ = 1;
    },
    /its index\.orama\.index\.tokenOccurrences\.description\.email\$ is 1, expected \d+/,
  ],
];

describe('a damaged searchIndex snapshot (issue 28, item 5)', () => {
  it.each([...damages, ...silentDamages].map((row, at) => [...row, at % 2 === 0] as const))(
    'is built instead with one warning: %s',
    async (_name, damage, names, generate) => {
      const kind: Kind = generate ? 'generateText' : 'streamText';
      const { ranker, counts } = countingRanker();
      const actual = await search(
        kind,
        { ranker, cache: createToolDisclosureCache(), searchIndex: damaged(damage) },
        queries,
      );
      expect(actual.results).toEqual(expected[kind].results);
      expect(actual.results.every((result) => !result.startsWith('error'))).toBe(true);
      expect(actual.warnings).toHaveLength(1);
      expect(actual.warnings[0]).toMatch(/^searchIndex is not used, the index is built: /);
      expect(actual.warnings[0]).toMatch(/The search index snapshot (is damaged|does not match): /);
      expect(actual.warnings[0]).toMatch(names);
      expect(actual.warnings[0]?.length).toBeLessThan(1_000);
      expect(counts.builds).toBe(1);
    },
  );

  it('warns of a header field a megabyte long in bounded text', async () => {
    const { warnings, results } = await search('generateText', {
      cache: createToolDisclosureCache(),
      searchIndex: damaged((snapshot) => {
        snapshot.catalog = 'x'.repeat(1 << 20);
      }),
    });
    expect(results).toEqual(expected.generateText.results.slice(0, 1));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/its catalog is a string of 1048576 characters/);
    expect(warnings[0]?.length).toBeLessThan(1_000);
  });

  it('does not load the damaged snapshot again, nor warn again, in later requests', async () => {
    const { ranker, counts } = countingRanker();
    const cache = createToolDisclosureCache();
    const searchIndex = damaged((snapshot) => {
      snapshot.index.tools = 5;
    });
    const first = await search('generateText', { ranker, cache, searchIndex });
    expect(first.warnings).toHaveLength(1);
    expect(counts).toEqual({ builds: 1, loads: 0 });
    for (const kind of ['generateText', 'streamText'] as const) {
      const later = await search(kind, { ranker, cache, searchIndex }, queries);
      expect(later.results).toEqual(expected[kind].results);
      expect(later.warnings).toEqual([]);
    }
    expect(counts).toEqual({ builds: 1, loads: 0 });
  });

  it('builds once more, without loading or warning, when the built index was dropped from the cache', async () => {
    const { ranker, counts } = countingRanker();
    const searchIndex = damaged((snapshot) => {
      snapshot.index.orama.index.fieldLengths.name['2'] = 0;
    });
    const first = await search('generateText', {
      ranker,
      cache: createToolDisclosureCache(),
      searchIndex,
    });
    expect(first.warnings).toHaveLength(1);
    const again = await search('generateText', {
      ranker,
      cache: createToolDisclosureCache(),
      searchIndex,
    });
    expect(again.warnings).toEqual([]);
    expect(again.results).toEqual(first.results);
    expect(counts).toEqual({ builds: 2, loads: 0 });
  });

  it.each([
    [
      'ids renamed in the id list and the documents alike',
      (snapshot: Writable) => {
        const { orama } = snapshot.index;
        orama.internalDocumentIDStore.internalIdToId[0] = 'aaa.first';
        orama.docs.docs['1'].id = 'aaa.first';
      },
      /internalIdToId\.0 is "aaa\.first", expected "calendar\.create_event"/,
    ],
    [
      'a document removed with every count edited to match',
      (snapshot: Writable) => {
        const { index } = snapshot;
        index.tools = 5;
        index.orama.internalDocumentIDStore.internalIdToId.pop();
        delete index.orama.docs.docs['6'];
        for (const field of Object.keys(index.orama.index.fieldLengths)) {
          const lengths = index.orama.index.fieldLengths[field];
          delete lengths['6'];
          const values = [1, 2, 3, 4, 5].map((id) => lengths[String(id)] as number);
          let average = 0;
          for (const [position, length] of values.entries()) {
            average = (average * position + length) / (position + 1);
          }
          index.orama.index.avgFieldLength[field] = average;
        }
      },
      /its index\.tools is 5, expected 6/,
    ],
  ])(
    'is built instead when it holds other tools than the catalog (%s), with the warning at the next search',
    async (_name, damage, names) => {
      const { ranker, counts } = countingRanker();
      const actual = await search(
        'generateText',
        { ranker, cache: createToolDisclosureCache(), searchIndex: damaged(damage) },
        queries,
      );
      expect(actual.results).toEqual(expected.generateText.results);
      expect(actual.warnings).toHaveLength(1);
      expect(actual.warnings[0]).toMatch(names);
      expect(counts).toEqual({ builds: 1, loads: 1 });
    },
  );

  it('still loads an undamaged snapshot, and one damaged only where a load never reads', async () => {
    for (const damage of [
      () => {},
      (snapshot: Writable) => {
        snapshot.index.orama.index.indexes = null;
        snapshot.index.orama.index.frequencies = 7;
        snapshot.index.orama.sorting = 'x';
        snapshot.index.extra = nested(100_000);
      },
    ]) {
      const { ranker, counts } = countingRanker();
      const actual = await search(
        'streamText',
        { ranker, cache: createToolDisclosureCache(), searchIndex: damaged(damage) },
        queries,
      );
      expect(actual).toEqual({ results: expected.streamText.results, warnings: [] });
      expect(counts).toEqual({ builds: 0, loads: 1 });
    }
  });
});
