import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolDisclosureCache } from '../cache/tool-disclosure-cache.js';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { countingRanker } from '../search/counting-ranker.case.js';
import { runScripted } from './scripted-model.case.js';
import { snapshotToolSearchIndex } from './snapshot-tool-search-index.js';
import { validateToolDisclosureOptions } from './tool-disclosure-options.js';

const descriptions: Record<string, string> = {
  'gmail.send_message': 'Send an email message to a recipient.',
  'gmail.list_messages': 'List the email messages in the inbox.',
  'slack.post_message': 'Post a message to a Slack channel.',
  'stripe.create_refund': 'Refund a charge to the customer.',
  'calendar.create_event': 'Create a calendar event with attendees.',
  'github.create_issue': 'Open an issue in a repository.',
};

function createTools(overrides: Record<string, string> = {}) {
  return Object.fromEntries(
    Object.entries({ ...descriptions, ...overrides }).map(([name, description]) => [
      name,
      tool({
        description,
        inputSchema: jsonSchema({ type: 'object', properties: {} }),
        execute: async () => 'done',
      }),
    ]),
  );
}

const options = { maxTools: 2, environment: {} };

/** One search through the wrapped generateText on a fresh cache: what it returned, and the warnings. */
async function search(tools: ReturnType<typeof createTools>, extra: Record<string, unknown>) {
  const warnings: string[] = [];
  const run = await runScripted(
    'generateText',
    [[['s1', 'tool_search', { query: 'send an email' }]], []],
    {
      tools,
      toolDisclosure: {
        ...options,
        cache: createToolDisclosureCache(),
        onWarning: (message: string) => warnings.push(message),
        ...extra,
      },
    },
  );
  return { found: JSON.stringify(run.outcomes.s1?.value), warnings };
}

describe('the searchIndex option', () => {
  it('loads the snapshot instead of building, and tool_search returns the same bytes', async () => {
    const snapshot = JSON.parse(
      JSON.stringify(await snapshotToolSearchIndex({ tools: createTools() }, options)),
    );
    const built = countingRanker();
    const expected = await search(createTools(), { ranker: built.ranker });
    expect(built.counts).toEqual({ builds: 1, loads: 0 });
    const loaded = countingRanker();
    const actual = await search(createTools(), { ranker: loaded.ranker, searchIndex: snapshot });
    expect(loaded.counts).toEqual({ builds: 0, loads: 1 });
    expect(actual).toEqual(expected);
    expect(actual.found).toContain('gmail');
  });

  it('builds the index with a warning when the snapshot is of other tools or options', async () => {
    const snapshot = await snapshotToolSearchIndex({ tools: createTools() }, options);
    const changed = countingRanker();
    const { warnings } = await search(
      createTools({ 'gmail.send_message': 'Send an email message now.' }),
      { ranker: changed.ranker, searchIndex: snapshot },
    );
    expect(changed.counts).toEqual({ builds: 1, loads: 0 });
    expect(warnings).toEqual([expect.stringMatching(/^searchIndex is not used.*its catalog is/)]);

    const denied = countingRanker();
    const other = await search(createTools(), {
      ranker: denied.ranker,
      searchIndex: snapshot,
      policy: { deny: ['stripe.*'] },
    });
    expect(denied.counts).toEqual({ builds: 1, loads: 0 });
    expect(other.warnings).toHaveLength(1);
  });

  it('warns once of a snapshot it cannot use, not at every search, and never loads it', async () => {
    const written = await snapshotToolSearchIndex({ tools: createTools() }, options);
    const damaged = JSON.parse(JSON.stringify(written));
    damaged.index.orama.docs.docs['1'].name = 'send$ email$ now$';
    const cache = createToolDisclosureCache();
    for (const [snapshot, tools, pattern] of [
      [
        damaged,
        createTools(),
        /is damaged: its index\.orama\.index\.fieldLengths\.name\.1 is 2, expected 3/,
      ],
      [
        written,
        createTools({ 'gmail.send_message': 'Send an email message now.' }),
        /does not match: its catalog is/,
      ],
    ] as const) {
      const { ranker, counts } = countingRanker();
      const warnings: string[] = [];
      for (let request = 0; request < 3; request++) {
        await runScripted(
          request % 2 === 0 ? 'generateText' : 'streamText',
          [[['s1', 'tool_search', { query: 'send an email' }]], []],
          {
            tools,
            toolDisclosure: {
              ...options,
              ranker,
              cache,
              searchIndex: snapshot,
              onWarning: (message: string) => warnings.push(message),
            },
          },
        );
      }
      expect(warnings).toEqual([expect.stringMatching(pattern)]);
      expect(counts).toEqual({ builds: 1, loads: 0 });
    }
  });

  it('refuses a searchIndex that is not an object', () => {
    expect(() =>
      validateToolDisclosureOptions({ searchIndex: 'search-index.json' as never }),
    ).toThrow(InvalidOptionError);
  });

  it('refuses to snapshot tools below the caps, where there is no tool_search', async () => {
    await expect(
      snapshotToolSearchIndex({ tools: createTools() }, { environment: {} }),
    ).rejects.toBeInstanceOf(InvalidOptionError);
  });
});
