import { generateText as aiGenerateText, isStepCount, jsonSchema, type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import {
  createOramaRanker,
  createToolDisclosureCache,
  type Ranker,
  type ToolDisclosureOptions,
  withToolDisclosure,
} from '../index.js';
import { type Call, type Kind, runScripted, scriptedModel } from './scripted-model.case.js';

// Issue 11, findings 3, 4 and 12: the catalog a request sees is built from its own tools and
// contexts as they are now; caches keyed by content are bounded by size, reused by fresh records
// of equal content, and never run another request's tool.

interface Sent {
  tools?: readonly { name: string; description?: string; inputSchema?: unknown }[];
  prompt: unknown;
}

/** One request through the package's generateText / streamText: what the model was sent, what each call returned. */
async function request(
  kind: Kind,
  steps: readonly Call[][],
  params: Record<string, unknown>,
  toolDisclosure: ToolDisclosureOptions,
) {
  const result = await runScripted(kind, [...steps, []], {
    toolDisclosure: { environment: {}, ...toolDisclosure },
    ...params,
  });
  const outcomes: Record<string, { ok: boolean; value: unknown }> = {};
  for (const [id, { ok, value }] of Object.entries(result.outcomes)) outcomes[id] = { ok, value };
  return { sent: result.sent as Sent[], outcomes };
}

/** The tools the model was offered in the first step, by name. */
function offered(sent: readonly Sent[]) {
  return Object.fromEntries((sent[0]?.tools ?? []).map((item) => [item.name, item]));
}

function searchResults(outcome: { ok: boolean; value: unknown } | undefined) {
  expect(outcome?.ok).toBe(true);
  return (
    (outcome?.value as { results: { name: string; description: string }[] } | undefined)?.results ??
    []
  );
}

/** The bridge error kind the model received for a call, or the SDK's message. */
function errorKind(outcome: { ok: boolean; value: unknown } | undefined) {
  expect(outcome?.ok).toBe(false);
  const value = outcome?.value;
  return value instanceof Object ? (value as { error?: { kind?: string } }).error?.kind : value;
}

/** Tools the model would not pick for mail, so `mail.*` is deferred with `maxTools: 2`. */
function fillerTools(): ToolSet {
  return {
    'calendar.create_event': tool({
      description: 'Create a calendar event with a title.',
      inputSchema: z.object({ title: z.string() }),
      execute: async ({ title }) => `created ${title}`,
    }),
    'weather.forecast': tool({
      description: 'Get the weather forecast for a city.',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => `sunny in ${city}`,
    }),
    'notes.add': tool({
      description: 'Add a note.',
      inputSchema: z.object({ text: z.string() }),
      execute: async ({ text }) => `noted ${text}`,
    }),
  };
}

/** An account whose address is a private field: `JSON.stringify` sees `{}`. */
class Account {
  readonly #email: string;
  constructor(email: string) {
    this.#email = email;
  }
  get email() {
    return this.#email;
  }
}

const contextForms = {
  'class instances': (email: string) => ({ user: new Account(email) }),
  Maps: (email: string) => ({ user: new Map([['email', email]]) }),
};

function emailOf(context: unknown): string {
  const user = (context as { user?: Account | Map<string, string> } | undefined)?.user;
  return String(user instanceof Map ? user.get('email') : user?.email);
}

/** `mail.send` and `mail.sign`, whose descriptions name the user of their context. */
function contextualTools(): ToolSet {
  return {
    ...fillerTools(),
    'mail.send': tool({
      description: ({ context }: { context: unknown }) => `Send email as ${emailOf(context)}`,
      inputSchema: z.object({ to: z.string() }),
      execute: async ({ to }) => `sent to ${to}`,
    }),
    'mail.sign': tool({
      description: ({ context }: { context: unknown }) =>
        `Sign outgoing mail as ${emailOf(context)}`,
      inputSchema: z.object({}),
      execute: async () => 'signed',
    }),
  } as ToolSet;
}

describe.each(['generateText', 'streamText'] as const)('getCatalog with %s', (kind) => {
  describe.each(Object.entries(contextForms))('contexts given as %s', (_form, contextOf) => {
    const toolsContextOf = (email: string) => ({
      'mail.send': contextOf(email),
      'mail.sign': contextOf(email),
    });

    it("shows Bob's tool_search, tool_describe and advertised descriptions from his own context, never Alice's", async () => {
      const tools = contextualTools();
      const options = { maxTools: 2, core: ['mail.sign'], cache: createToolDisclosureCache() };
      const steps: Call[][] = [
        [
          ['s1', 'tool_search', { query: 'send an email' }],
          ['d1', 'tool_describe', { name: 'mail.send' }],
        ],
      ];
      for (const email of ['alice@example.com', 'bob@example.com']) {
        const { sent, outcomes } = await request(
          kind,
          steps,
          { tools, toolsContext: toolsContextOf(email) },
          options,
        );
        const found = searchResults(outcomes.s1).find((result) => result.name === 'mail__send');
        expect(found?.description).toBe(`Send email as ${email}`);
        expect(outcomes.d1).toMatchObject({
          ok: true,
          value: { name: 'mail__send', description: `Send email as ${email}` },
        });
        expect(offered(sent).mail__sign?.description).toBe(`Sign outgoing mail as ${email}`);
        const seen = JSON.stringify([sent, outcomes]);
        const other = email.startsWith('alice') ? 'bob@' : 'alice@';
        expect(seen).not.toContain(other);
      }
    });

    it("below the caps, advertises each user's tools with descriptions from their own context", async () => {
      const tools = {
        ...contextualTools(),
        'admin.drop_db': tool({
          description: 'Drop the database.',
          inputSchema: z.object({}),
          execute: async () => 'dropped',
        }),
      };
      const cache = createToolDisclosureCache();
      // With and without a denied tool: the settings as given, or rebuilt without it.
      for (const policy of [undefined, { deny: ['admin.*'] }]) {
        for (const email of ['alice@example.com', 'bob@example.com']) {
          const { sent } = await request(
            kind,
            [],
            { tools, toolsContext: toolsContextOf(email) },
            { maxTools: 20, policy, cache },
          );
          expect(offered(sent)['mail.send']?.description).toBe(`Send email as ${email}`);
          expect(offered(sent)['mail.sign']?.description).toBe(`Sign outgoing mail as ${email}`);
          expect(JSON.stringify(sent)).not.toContain(email.startsWith('alice') ? 'bob@' : 'alice@');
        }
      }
    });
  });

  describe('a tools record changed in place', () => {
    function mutableTools(log: string[]): ToolSet {
      return {
        ...fillerTools(),
        'mail.send': tool({
          description: 'Send an email message.',
          inputSchema: z.object({ to: z.string() }),
          execute: async ({ to }) => {
            log.push(`v1 ${to}`);
            return `v1 sent to ${to}`;
          },
        }),
        'admin.drop_db': tool({
          description: 'Drop the production database.',
          inputSchema: z.object({}),
          execute: async () => {
            log.push('DROPPED');
            return 'dropped';
          },
        }),
      };
    }

    it('never runs, finds or describes a tool deleted from the record, above the caps', async () => {
      const log: string[] = [];
      const tools = mutableTools(log);
      const options = { maxTools: 2, cache: createToolDisclosureCache() };
      const before = await request(
        kind,
        [[['s0', 'tool_search', { query: 'drop the database' }]]],
        { tools },
        options,
      );
      expect(searchResults(before.outcomes.s0).map((result) => result.name)).toContain(
        'admin__drop_db',
      );

      delete tools['admin.drop_db'];
      const after = await request(
        kind,
        [
          [
            ['s1', 'tool_search', { query: 'drop the database' }],
            ['d1', 'tool_describe', { name: 'admin.drop_db' }],
            ['c1', 'tool_call', { name: 'admin.drop_db', arguments: {} }],
            ['c2', 'tool_call', { name: 'admin__drop_db', arguments: {} }],
            ['c3', 'tool_call', { name: 'drop_db', arguments: {} }],
            ['x1', 'admin__drop_db', {}],
            ['x2', 'admin.drop_db', {}],
            ['x3', 'drop_db', {}],
          ],
        ],
        { tools },
        options,
      );
      expect(log).toEqual([]);
      expect(searchResults(after.outcomes.s1).map((result) => result.name)).not.toContain(
        'admin__drop_db',
      );
      for (const id of ['d1', 'c1', 'c2', 'c3', 'x1', 'x2', 'x3']) {
        expect(errorKind(after.outcomes[id]), id).toBe('unknown_tool');
      }
      // Not even its namespace is named to the model any more.
      expect(JSON.stringify(after.sent[0])).not.toMatch(/admin|drop_db/);
    });

    it('never advertises or runs a tool deleted from the record, below the caps', async () => {
      const log: string[] = [];
      const tools = mutableTools(log);
      const options = { maxTools: 20, cache: createToolDisclosureCache() };
      const before = await request(kind, [], { tools }, options);
      expect(Object.keys(offered(before.sent))).toContain('admin.drop_db');

      delete tools['admin.drop_db'];
      const after = await request(
        kind,
        [
          [
            ['x1', 'admin.drop_db', {}],
            ['x2', 'admin__drop_db', {}],
          ],
        ],
        { tools },
        options,
      );
      expect(Object.keys(offered(after.sent)).sort()).toEqual(Object.keys(tools).sort());
      expect(JSON.stringify(after.sent[0])).not.toContain('drop');
      expect(after.outcomes.x1?.ok).toBe(false);
      expect(after.outcomes.x2?.ok).toBe(false);
      expect(log).toEqual([]);
    });

    it('runs the new version of a tool replaced in the record, above and below the caps', async () => {
      for (const maxTools of [2, 20]) {
        const log: string[] = [];
        const tools = mutableTools(log);
        const options = { maxTools, cache: createToolDisclosureCache() };
        const call: Call[][] =
          maxTools === 2
            ? [
                [
                  ['c1', 'tool_call', { name: 'mail.send', arguments: { to: 'ada' } }],
                  ['x1', 'mail__send', { to: 'bo' }],
                ],
              ]
            : [[['x1', 'mail.send', { to: 'bo' }]]];
        await request(kind, call, { tools }, options);
        tools['mail.send'] = tool({
          description: 'Send an email message.',
          inputSchema: z.object({ to: z.string() }),
          execute: async ({ to }) => {
            log.push(`v2 ${to}`);
            return `v2 sent to ${to}`;
          },
        });
        const after = await request(kind, call, { tools }, options);
        const expected =
          maxTools === 2 ? ['v1 ada', 'v1 bo', 'v2 ada', 'v2 bo'] : ['v1 bo', 'v2 bo'];
        expect(log.sort(), `maxTools ${maxTools}`).toEqual(expected);
        expect(after.outcomes.x1).toEqual({ ok: true, value: 'v2 sent to bo' });
      }
    });

    it('finds, describes, runs and advertises a tool added to the record', async () => {
      for (const maxTools of [2, 20]) {
        const log: string[] = [];
        const tools = mutableTools(log);
        const options = { maxTools, cache: createToolDisclosureCache() };
        await request(
          kind,
          [[['s0', 'tool_search', { query: 'add a contact' }]]],
          { tools },
          options,
        );
        tools['crm.add_contact'] = tool({
          description: 'Add a contact to the CRM address book.',
          inputSchema: z.object({ name: z.string() }),
          execute: async ({ name }) => {
            log.push(`added ${name}`);
            return `added ${name}`;
          },
        });
        if (maxTools === 2) {
          const { outcomes } = await request(
            kind,
            [
              [
                ['s1', 'tool_search', { query: 'add a contact to the crm' }],
                ['d1', 'tool_describe', { name: 'crm.add_contact' }],
                ['c1', 'tool_call', { name: 'crm.add_contact', arguments: { name: 'Ada' } }],
              ],
            ],
            { tools },
            options,
          );
          expect(searchResults(outcomes.s1).map((result) => result.name)).toContain(
            'crm__add_contact',
          );
          expect(outcomes.d1).toMatchObject({ ok: true, value: { name: 'crm__add_contact' } });
          expect(outcomes.c1).toEqual({ ok: true, value: 'added Ada' });
        } else {
          const { sent } = await request(kind, [], { tools }, options);
          expect(offered(sent)['crm.add_contact']?.description).toBe(
            'Add a contact to the CRM address book.',
          );
        }
      }
    });

    it('reads a tool whose description or inputSchema field was replaced in place as it is now', async () => {
      const log: string[] = [];
      const tools = mutableTools(log);
      const options = { maxTools: 2, cache: createToolDisclosureCache() };
      await request(
        kind,
        [[['d0', 'tool_describe', { name: 'weather.forecast' }]]],
        { tools },
        options,
      );
      const forecast = tools['weather.forecast'] as { description?: unknown; inputSchema: unknown };
      forecast.description = 'Get the tide table for a harbour.';
      forecast.inputSchema = z.object({ harbour: z.string() });
      const { outcomes } = await request(
        kind,
        [
          [
            ['s1', 'tool_search', { query: 'tide table for a harbour' }],
            ['d1', 'tool_describe', { name: 'weather.forecast' }],
          ],
        ],
        { tools },
        options,
      );
      const found = searchResults(outcomes.s1).find(
        (result) => result.name === 'weather__forecast',
      );
      expect(found?.description).toBe('Get the tide table for a harbour.');
      expect(outcomes.d1).toMatchObject({
        ok: true,
        value: {
          description: 'Get the tide table for a harbour.',
          required: ['harbour'],
          parameters: { properties: { harbour: { type: 'string' } } },
        },
      });
      expect(JSON.stringify(outcomes.d1)).not.toContain('city');
    });
  });

  describe("SPEC §8 invariant: caches are keyed by content, bounded by size, and never serve one request's tools to another", () => {
    it('keeps every cache within its maxBytes however many distinct catalogs are built', async () => {
      const cache = createToolDisclosureCache({ maxBytes: 150_000 });
      for (let round = 0; round < 12; round++) {
        const tools: ToolSet = {};
        for (let index = 0; index < 20; index++) {
          tools[`service_${round}.action_${index}`] = tool({
            description: `Run action ${index} of service ${round} on a record.`,
            inputSchema: z.object({ record_id: z.string(), note: z.string().optional() }),
            execute: async () => 'ok',
          });
        }
        await request(
          kind,
          [[['s1', 'tool_search', { query: `action ${round}` }]]],
          { tools },
          { maxTools: 2, cache },
        );
        expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
      }
      expect(cache.maxBytes).toBe(150_000);
      expect(cache.bytes).toBeGreaterThan(0);
    });

    it.each([
      ['the default ranker', (): Ranker => createOramaRanker()],
      [
        'the default ranker without word vectors',
        (): Ranker => createOramaRanker({ wordVectors: false }),
      ],
    ])(
      'reuses the catalog and the search index (%s) for fresh tools records of equal content',
      async (rankerName, createRanker) => {
        const inner = createRanker();
        let indexBuilds = 0;
        const ranker: Ranker = {
          name: `counting ${rankerName} ${kind}`,
          createIndex: (entries) => {
            indexBuilds += 1;
            return inner.createIndex(entries);
          },
        };
        let conversions = 0;
        const base: ToolSet = {
          ...fillerTools(),
          'mail.send': tool({
            description: 'Send an email message.',
            // A lazy schema: every conversion to JSON Schema calls it.
            inputSchema: () => {
              conversions += 1;
              return jsonSchema<{ to: string }>({
                type: 'object',
                properties: { to: { type: 'string' } },
                required: ['to'],
              });
            },
            execute: async ({ to }: { to: string }) => `sent to ${to}`,
          }),
        };
        const extra = tool({
          description: "Look up the user's own bookmarks.",
          inputSchema: z.object({ query: z.string() }),
          execute: async () => [],
        });
        const options = { maxTools: 2, ranker, cache: createToolDisclosureCache() };
        const search: Call[][] = [[['s1', 'tool_search', { query: 'send an email' }]]];

        const counts: [number, number][] = [];
        for (const tools of [{ ...base }, { ...base }, { ...base, extra }, { ...base, extra }]) {
          const { outcomes } = await request(kind, search, { tools }, options);
          expect(searchResults(outcomes.s1).map((result) => result.name)).toContain('mail__send');
          counts.push([indexBuilds, conversions]);
        }
        // One index per content, built once; the schema of the fresh records' tool converted once.
        expect(counts[0]?.[0]).toBe(1);
        expect(counts[1]).toEqual(counts[0]);
        expect(counts[2]?.[0]).toBe(2);
        expect(counts[3]).toEqual(counts[2]);
      },
    );

    it("runs each request's own tool, never another request's tool of identical content", async () => {
      const cache = createToolDisclosureCache();
      const sendOf = (owner: string, log: string[]) =>
        tool({
          description: 'Send an email message.',
          inputSchema: z.object({ to: z.string() }),
          execute: async ({ to }) => {
            log.push(`${owner} ${to}`);
            return `${owner} sent to ${to}`;
          },
        });
      const toolsOf = (owner: string, log: string[]): ToolSet => ({
        ...fillerTools(),
        'mail.send': sendOf(owner, log),
        'admin.drop_db': tool({
          description: 'Drop the production database.',
          inputSchema: z.object({}),
          execute: async () => 'dropped',
        }),
      });
      const surfaces: [string, ToolDisclosureOptions, Call[][]][] = [
        [
          'above the caps',
          { maxTools: 2 },
          [
            [
              ['c1', 'tool_call', { name: 'mail.send', arguments: { to: 'x' } }],
              ['x1', 'mail__send', { to: 'y' }],
            ],
          ],
        ],
        ['below the caps', { maxTools: 20 }, [[['x1', 'mail.send', { to: 'y' }]]]],
        [
          'below the caps, one tool denied',
          { maxTools: 20, policy: { deny: ['admin.*'] } },
          [[['x1', 'mail.send', { to: 'y' }]]],
        ],
      ];
      for (const [surface, options, calls] of surfaces) {
        const logs: Record<string, string[]> = { alice: [], bob: [] };
        for (const owner of ['alice', 'bob', 'alice', 'bob']) {
          const { outcomes } = await request(
            kind,
            calls,
            { tools: toolsOf(owner, logs[owner] as string[]) },
            { ...options, cache },
          );
          expect(outcomes.x1, surface).toEqual({ ok: true, value: `${owner} sent to y` });
        }
        for (const owner of ['alice', 'bob']) {
          expect(
            logs[owner]?.every((line) => line.startsWith(owner)),
            surface,
          ).toBe(true);
          expect(logs[owner], surface).toHaveLength(2 * (calls[0]?.length ?? 0));
        }
      }

      // Tools grouped under namespaces, of equal content, are each request's own too.
      for (const maxTools of [2, 20]) {
        for (const owner of ['alice', 'bob']) {
          const { outcomes } = await request(
            kind,
            [[['x1', 'mail__send', { to: 'y' }]]],
            { tools: fillerTools() },
            { maxTools, cache, namespaces: { mail: { tools: { send: sendOf(owner, []) } } } },
          );
          expect(outcomes.x1, `grouped, maxTools ${maxTools}`).toEqual({
            ok: true,
            value: `${owner} sent to y`,
          });
        }
      }
    });
  });
});

describe('a record changed while its request is prepared', () => {
  it('never runs a tool other than the one named, in that request or any later one', async () => {
    const ran: string[] = [];
    const logging = (name: string) =>
      tool({
        description: `The ${name} tool.`,
        inputSchema: z.object({}),
        execute: async () => {
          ran.push(name);
          return name;
        },
      });
    const cache = createToolDisclosureCache();
    const original = {
      'a.one': logging('a.one'),
      'b.two': logging('b.two'),
      'admin.drop_db': logging('admin.drop_db'),
      'mail.send': logging('mail.send'),
    };
    const tools: ToolSet = { ...original };
    const options = { maxTools: 2, cache, environment: {} };
    const call: Call[][] = [[['c1', 'tool_call', { name: 'mail.send', arguments: {} }]]];
    const pending = withToolDisclosure(
      {
        model: scriptedModel('generateText', [...call, []]),
        tools,
        prompt: 'Send.',
        stopWhen: isStepCount(2),
      },
      options,
    );
    delete tools['admin.drop_db'];
    await aiGenerateText((await pending) as never);
    expect(ran).toEqual(['mail.send']);

    // A later request with a fresh record of the original content runs what it names, too.
    for (const kind of ['generateText', 'streamText'] as const) {
      await request(kind, call, { tools: { ...original } }, options);
    }
    expect(ran).toEqual(['mail.send', 'mail.send', 'mail.send']);
  });
});

describe('a context keyed by any spelling', () => {
  it.each(['mail.send', 'mail__send', 'send'])(
    'reaches a description that is a function of it when keyed as %s, in tool_describe and tool_search',
    async (spelling) => {
      const send = tool({
        description: ({ context }: { context?: { email?: string } }) =>
          `Send email as ${context?.email}.`,
        inputSchema: z.object({ to: z.string() }),
        execute: async () => 'sent',
        metadata: { namespace: 'mail' },
      });
      const tools: ToolSet = { send, ...fillerTools() };
      for (const kind of ['generateText', 'streamText'] as const) {
        const { outcomes } = await request(
          kind,
          [
            [
              ['d1', 'tool_describe', { name: 'mail.send' }],
              ['s1', 'tool_search', { query: 'send email' }],
            ],
          ],
          { tools, toolsContext: { [spelling]: { email: 'bob@example.com' } } },
          { maxTools: 2 },
        );
        const described = outcomes.d1?.value as { description?: string } | undefined;
        expect(described?.description).toBe('Send email as bob@example.com.');
        // The record key is a valid wire name, so the tool keeps it: `send`, canonical id mail.send.
        const found = searchResults(outcomes.s1).find((result) => result.name === 'send');
        expect(found?.description).toBe('Send email as bob@example.com.');
      }
    },
  );
});
