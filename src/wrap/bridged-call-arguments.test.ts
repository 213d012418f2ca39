/**
 * The arguments of bridged calls: prototype keys in arguments sent as text,
 * one validation shared by the approval check and the run, schemas' patterns
 * never run over them, and queries cut to their bound when reported, through
 * the public API only. Each test is named after the behaviour it guarantees.
 */
import { jsonSchema, type ToolSet, tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { type Call, runScripted } from './scripted-model.case.js';
import type { ToolDisclosureEvent } from './tool-disclosure-event.js';

const above = { maxTools: 2, environment: {} };

/** Copies `source` into `target` key by key, as a tool merging its input into defaults may. */
function deepMerge(target: Record<string, unknown>, source: Record<string, unknown>) {
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (value !== null && typeof value === 'object') {
      target[key] ??= {};
      deepMerge(target[key] as Record<string, unknown>, value as Record<string, unknown>);
    } else target[key] = value;
  }
  return target;
}

/** Tools that take any object; `settings.update` merges its input into its defaults, `wire.transfer` needs approval. */
function mergingTools(ran: string[]) {
  const anyObject = jsonSchema<Record<string, unknown>>({ type: 'object' });
  return {
    'settings.update': tool({
      description: 'Update the settings.',
      inputSchema: anyObject,
      execute: async (input) => {
        ran.push('settings.update');
        return deepMerge({ theme: 'dark' }, input);
      },
    }),
    'wire.transfer': tool({
      description: 'Transfer money.',
      inputSchema: anyObject,
      needsApproval: true,
      execute: async (input) => {
        ran.push('wire.transfer');
        return deepMerge({}, input);
      },
    }),
    'notes.add': tool({
      description: 'Add a note.',
      inputSchema: anyObject,
      execute: async () => 'added',
    }),
  } satisfies ToolSet;
}

const pollution = '{"__proto__":{"polluted":"yes"}}';
const escapedPollution = '{"a":{"\\u005f_proto__":{"polluted":"yes"}}}';
const constructorPollution = '{"constructor":{"prototype":{"polluted":"yes"}}}';

afterEach(() => {
  delete (Object.prototype as Record<string, unknown>).polluted;
});

describe.each(['generateText', 'streamText'] as const)(
  'arguments of bridged calls with %s',
  (kind) => {
    it('refuses arguments sent as text that hold __proto__ or constructor.prototype, as plain ai refuses them in direct calls', async () => {
      const ran: string[] = [];
      const calls: Call[] = [
        ['d1', 'settings__update', pollution],
        ['d2', 'settings.update', escapedPollution],
        ['b1', 'tool_call', { name: 'settings.update', arguments: pollution }],
        ['b2', 'tool_call', { name: 'settings__update', arguments: escapedPollution }],
        ['b3', 'tool_call', { name: 'settings.update', arguments: constructorPollution }],
        ['g1', 'tool_call', { name: 'wire.transfer', arguments: pollution }],
      ];
      const run = await runScripted(kind, [calls, []], {
        tools: mergingTools(ran),
        toolDisclosure: above,
      });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(ran).toEqual([]);
      expect(run.content.filter((part) => part.type === 'tool-approval-request')).toEqual([]);
      for (const [id] of calls) {
        // The app sees an invalid call of its tool, as plain ai shows one.
        const tool = id === 'g1' ? 'wire.transfer' : 'settings.update';
        expect(run.outcomes[id]).toMatchObject({ ok: false, toolName: tool });
        // The model reads a typed error naming the tool it knows, with its schema attached.
        const outcome = run.modelOutcomes[id];
        expect({ id, ok: outcome?.ok }).toEqual({ id, ok: false });
        expect(outcome?.value).toMatchObject({
          error: {
            kind: 'invalid_arguments',
            message: expect.stringMatching(
              new RegExp(`${tool.replace('.', '__')}[\\s\\S]*prototype`),
            ),
            parameters: { type: 'object' },
          },
        });
      }
    });

    it('reports a query over the bound to onEvent cut to 1,024 bytes, not as the model sent it', async () => {
      const events: ToolDisclosureEvent[] = [];
      const run = await runScripted(
        kind,
        [[['s1', 'tool_search', { query: `  ${'é'.repeat(500_000)}  ` }]], []],
        {
          tools: mergingTools([]),
          toolDisclosure: { ...above, onEvent: (event: ToolDisclosureEvent) => events.push(event) },
        },
      );
      expect(run.outcomes.s1?.value).toMatchObject({ error: { kind: 'query_too_long' } });
      const search = events.find((event) => event.type === 'search');
      expect(search).toMatchObject({ error: 'query_too_long', query: `${'é'.repeat(510)}…` });
    });

    it('never runs a gated tool whose arguments its approval check found invalid, when a second check would pass', async () => {
      for (const rules of ['needsApproval', 'toolApproval function'] as const) {
        const ran: string[] = [];
        let checks = 0;
        const tools = {
          ...mergingTools([]),
          'pay.send': tool({
            description: 'Pay a payee of the address book.',
            // Asks outside state (the address book), which changes between two checks.
            inputSchema: z
              .object({ payee: z.string() })
              .refine(() => ++checks > 1, 'unknown payee'),
            needsApproval: rules === 'needsApproval',
            execute: async ({ payee }) => {
              ran.push(payee);
              return 'paid';
            },
          }),
        };
        const run = await runScripted(
          kind,
          [[['p1', 'tool_call', { name: 'pay.send', arguments: { payee: 'eve' } }]], []],
          {
            tools,
            ...(rules === 'toolApproval function'
              ? {
                  toolApproval: ({ toolCall }: { toolCall: { toolName: string } }) =>
                    toolCall.toolName === 'pay.send' ? 'user-approval' : 'not-applicable',
                }
              : {}),
            toolDisclosure: above,
          },
        );
        expect({ rules, ran, checks }).toEqual({ rules, ran: [], checks: 1 });
        expect(run.modelOutcomes.p1?.value).toMatchObject({
          error: { kind: 'invalid_arguments', message: expect.stringContaining('unknown payee') },
        });
      }
    });

    it('runs a bridged call on the input its approval rule judged, when a second validation would give another', async () => {
      const charged: number[] = [];
      let rate = 100;
      const tools = {
        ...mergingTools([]),
        'pay.charge': tool({
          description: 'Charge the customer, in dollars.',
          // Converts at a rate that changes between two validations.
          inputSchema: z.object({ dollars: z.number() }).transform(({ dollars }) => {
            rate *= 100;
            return { cents: dollars * rate };
          }),
          needsApproval: (input: { cents: number }) => input.cents > 1_000_000,
          execute: async ({ cents }) => {
            charged.push(cents);
            return 'charged';
          },
        }),
      };
      const run = await runScripted(
        kind,
        [[['c1', 'tool_call', { name: 'pay.charge', arguments: { dollars: 5 } }]], []],
        { tools, toolDisclosure: above },
      );
      expect(run.content.filter((part) => part.type === 'tool-approval-request')).toEqual([]);
      expect(charged).toEqual([50_000]);
    });

    it('still runs arguments whose keys only look like prototype keys', async () => {
      const ran: string[] = [];
      const run = await runScripted(
        kind,
        [
          [
            [
              'b1',
              'tool_call',
              { name: 'settings.update', arguments: '{"proto":1,"constructor":"x"}' },
            ],
          ],
          [],
        ],
        { tools: mergingTools(ran), toolDisclosure: above },
      );
      expect(ran).toEqual(['settings.update']);
      expect(run.outcomes.b1?.value).toEqual({ theme: 'dark', proto: 1, constructor: 'x' });
    });

    it("checks a JSON Schema tool's arguments without running its patterns or formats over them", async () => {
      const ran: string[] = [];
      // A third-party schema whose pattern backtracks exponentially: 40 letters and a "!" would
      // take years, so the call only ends because the wrapper does not run it (plain ai does not
      // validate such schemas at all; the tool's server still may).
      const profile = jsonSchema<{ name: string; site: string }>({
        type: 'object',
        properties: {
          name: { type: 'string', pattern: '^([a-zA-Z]+\\s?)+$' },
          site: { type: 'string', format: 'url' },
        },
        required: ['name'],
        additionalProperties: false,
      });
      const tools = {
        ...mergingTools([]),
        'profile.save': tool({
          description: 'Save a profile.',
          inputSchema: profile,
          execute: async () => {
            ran.push('profile.save');
            return 'saved';
          },
        }),
      };
      const name = `${'a'.repeat(40)}!`;
      const run = await runScripted(
        kind,
        [
          [
            [
              'b1',
              'tool_call',
              { name: 'profile.save', arguments: { name, site: 'x'.repeat(131_072) } },
            ],
            ['b2', 'tool_call', { name: 'profile.save', arguments: { name: 3 } }],
          ],
          [],
        ],
        { tools, toolDisclosure: above },
      );
      expect(ran).toEqual(['profile.save']);
      expect(run.outcomes.b1?.value).toBe('saved');
      // The structure is still checked.
      expect(JSON.stringify(run.modelOutcomes.b2?.value)).toContain('invalid_arguments');
    });
  },
);
