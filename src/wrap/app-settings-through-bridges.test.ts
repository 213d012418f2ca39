/**
 * The app's own settings (toolApproval, toolsContext, stopWhen, policy,
 * input refinements, toolChoice, toModelOutput) hold for calls the model makes
 * through the bridges as for direct ones, below and above the caps, through
 * the public API only. Each test is named after the behaviour it guarantees
 * (they began as a red team's findings, issue 11).
 */
import { hasToolCall, isStepCount, ToolLoopAgent, type ToolSet, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { withToolDisclosureSync } from '../index.js';
import {
  approvingAll,
  type Call,
  type Part,
  runScripted,
  type ScriptedRun,
  scriptedModel,
} from './scripted-model.case.js';

const above = { maxTools: 2, environment: {} };
const below = { environment: {} };
const caps = { 'below the caps': below, 'above the caps': above } as const;

/** The approval requests of a run by tool call id: the name of the app's tool they ask about. */
function approvalRequests(content: readonly Part[]) {
  const requests = new Map<string, { approvalId: string; name: unknown }>();
  for (const part of content) {
    if (part.type !== 'tool-approval-request') continue;
    const call = part.toolCall as { toolCallId: string; toolName: string };
    requests.set(call.toolCallId, { approvalId: part.approvalId as string, name: call.toolName });
  }
  return requests;
}

/** The typed bridge error a failed call came back with. */
function typedError(run: ScriptedRun, id: string) {
  const outcome = run.outcomes[id];
  expect(outcome?.ok).toBe(false);
  return (outcome?.value as { error?: { kind: string; message: string } } | undefined)?.error;
}

/** Four tools keyed `group.name`; each records what ran in `log`. */
function sendingTools(log: string[]) {
  const sender = (name: string) =>
    tool({
      description: `Send a message (${name}).`,
      inputSchema: z.object({ text: z.string() }),
      execute: async ({ text }) => {
        log.push(name);
        return `${name}: ${text}`;
      },
    });
  return {
    'mail.send': sender('mail.send'),
    'sms.send': sender('sms.send'),
    'notes.add': sender('notes.add'),
    'task.finish': sender('task.finish'),
  } satisfies ToolSet;
}

/** A toolApproval function keyed by record key, as written for plain ai. */
const smsByRecordKey = ({ toolCall }: { toolCall: { toolName: string } }) =>
  toolCall.toolName === 'sms.send' ? 'user-approval' : 'not-applicable';

describe.each(['generateText', 'streamText'] as const)(
  "the app's settings through the bridges with %s",
  (kind) => {
    it('asks a toolApproval function keyed by record key about direct and bridged calls, below and above the caps', async () => {
      const calls: Record<keyof typeof caps, Call[]> = {
        'below the caps': [
          ['d1', 'sms.send', { text: 'a' }],
          ['m1', 'mail.send', { text: 'b' }],
        ],
        'above the caps': [
          ['d1', 'sms__send', { text: 'a' }],
          ['b1', 'tool_call', { name: 'sms.send', arguments: { text: 'b' } }],
          ['m1', 'tool_call', { name: 'mail.send', arguments: { text: 'c' } }],
        ],
      };
      for (const [label, toolDisclosure] of Object.entries(caps)) {
        const log: string[] = [];
        const run = await runScripted(kind, [calls[label as keyof typeof caps], []], {
          tools: sendingTools(log),
          toolApproval: smsByRecordKey,
          toolDisclosure,
        });
        const requests = approvalRequests(run.content);
        const gated = calls[label as keyof typeof caps]
          .map(([id]) => id)
          .filter((id) => id !== 'm1');
        expect({ label, asked: [...requests.keys()].sort(), log }).toEqual({
          label,
          asked: gated.sort(),
          log: ['mail.send'],
        });
      }
    });

    it('stops at hasToolCall of a record key, below and above the caps, direct or bridged', async () => {
      const finishing: [string, Call, object][] = [
        ['below the caps', ['f1', 'task.finish', { text: 'x' }], below],
        ['above the caps, direct', ['f1', 'task__finish', { text: 'x' }], above],
        [
          'above the caps, tool_call',
          ['f1', 'tool_call', { name: 'task.finish', arguments: { text: 'x' } }],
          above,
        ],
      ];
      for (const [label, call, toolDisclosure] of finishing) {
        const log: string[] = [];
        const run = await runScripted(kind, [[call], [['n1', 'notes__add', { text: 'y' }]], []], {
          tools: sendingTools(log),
          stopWhen: [isStepCount(4), hasToolCall('task.finish')],
          toolDisclosure,
        });
        expect({ label, steps: run.steps.length, log }).toEqual({
          label,
          steps: 1,
          log: ['task.finish'],
        });
      }
    });

    it("asks about a tool a ToolLoopAgent's prepareCall gates with toolApproval", async () => {
      const log: string[] = [];
      const model = scriptedModel(kind, [
        [['p1', 'tool_call', { name: 'sms.send', arguments: { text: 'a' } }]],
        [],
      ]);
      const settings = withToolDisclosureSync(
        {
          model,
          tools: sendingTools(log),
          stopWhen: isStepCount(3),
          prepareCall: (callOptions) => ({
            ...callOptions,
            toolApproval: { 'sms.send': 'user-approval' },
          }),
        },
        above,
      );
      const agent = new ToolLoopAgent(settings);
      let content: Part[];
      if (kind === 'generateText') {
        content = (await agent.generate({ prompt: 'Text Bob.' })).content as Part[];
      } else {
        const streamed = await agent.stream({ prompt: 'Text Bob.' });
        for await (const _part of streamed.fullStream);
        content = (await streamed.steps).flatMap((step) => step.content) as Part[];
      }
      expect(approvalRequests(content).get('p1')?.name).toBe('sms.send');
      expect(log).toEqual([]);
    });

    it('applies toolApproval and toolsContext keyed by a record key that grouped namespaces share to every tool under it, below and above the caps', async () => {
      const calls: Record<keyof typeof caps, Call[]> = {
        'below the caps': [
          ['g1', 'gmail__send_email', { to: 'a' }],
          ['o1', 'outlook__send_email', { to: 'b' }],
        ],
        'above the caps': [
          ['g1', 'tool_call', { name: 'gmail.send_email', arguments: { to: 'a' } }],
          ['o1', 'tool_call', { name: 'outlook.send_email', arguments: { to: 'b' } }],
        ],
      };
      for (const [label, caps_] of Object.entries(caps)) {
        const ran: { via: string; context: unknown }[] = [];
        const sendEmail = (via: string) =>
          tool({
            description: `Send an email through ${via}.`,
            inputSchema: z.object({ to: z.string() }),
            execute: async (_input, { context }) => {
              ran.push({ via, context });
              return `sent via ${via}`;
            },
          });
        const log: string[] = [];
        const settings = {
          tools: { 'notes.add': sendingTools(log)['notes.add'] },
          toolApproval: { send_email: 'user-approval' },
          toolsContext: { send_email: { user: 'alice' } },
          toolDisclosure: {
            ...caps_,
            namespaces: {
              gmail: { tools: { send_email: sendEmail('gmail') } },
              outlook: { tools: { send_email: sendEmail('outlook') } },
            },
          },
        };
        const first = await runScripted(kind, [calls[label as keyof typeof caps], []], settings);
        const requests = approvalRequests(first.content);
        expect({ label, asked: [...requests.keys()].sort(), ran }).toEqual({
          label,
          asked: ['g1', 'o1'],
          ran: [],
        });
        await runScripted(kind, [[]], { ...settings, messages: approvingAll(first) });
        expect({ label, ran: ran.sort((a, b) => a.via.localeCompare(b.via)) }).toEqual({
          label,
          ran: [
            { via: 'gmail', context: { user: 'alice' } },
            { via: 'outlook', context: { user: 'alice' } },
          ],
        });
      }
    });

    it('gives a toolApproval function the validated input of a bridged call, transforms applied', async () => {
      const charged: number[] = [];
      const tools = {
        ...sendingTools([]),
        'pay.charge': tool({
          description: 'Charge the customer.',
          inputSchema: z
            .object({ dollars: z.number() })
            .transform((input) => ({ cents: input.dollars * 100 })),
          execute: async ({ cents }) => {
            charged.push(cents);
            return 'charged';
          },
        }),
      };
      const seen: unknown[] = [];
      const bigCharges = ({ toolCall }: { toolCall: { input: unknown } }) => {
        seen.push(toolCall.input);
        return ((toolCall.input as { cents?: number }).cents ?? 0) > 10000
          ? 'user-approval'
          : 'not-applicable';
      };
      const calls: Record<keyof typeof caps, Call[]> = {
        'below the caps': [
          ['big1', 'pay.charge', { dollars: 500 }],
          ['small', 'pay.charge', { dollars: 5 }],
        ],
        'above the caps': [
          ['big1', 'tool_call', { name: 'pay.charge', arguments: { dollars: 500 } }],
          ['big2', 'pay__charge', { dollars: 600 }],
          ['small', 'tool_call', { name: 'pay.charge', arguments: { dollars: 5 } }],
        ],
      };
      for (const [label, toolDisclosure] of Object.entries(caps)) {
        charged.length = 0;
        seen.length = 0;
        const script = calls[label as keyof typeof caps];
        const run = await runScripted(kind, [script, []], {
          tools,
          toolApproval: bigCharges,
          toolDisclosure,
        });
        expect({ label, asked: [...approvalRequests(run.content).keys()].sort(), charged }).toEqual(
          {
            label,
            asked: script.map(([id]) => id).filter((id) => id !== 'small'),
            charged: [500],
          },
        );
        expect(seen).toContainEqual({ cents: 50000 });
      }
    });

    it("gives a tool's toModelOutput the validated input of a bridged call, defaults applied", async () => {
      const tools = {
        ...sendingTools([]),
        'doc.summary': tool({
          description: 'Summarize the document.',
          inputSchema: z.object({ format: z.enum(['short', 'long']).default('short') }),
          execute: async () => 'the summary',
          toModelOutput: ({ input, output }) => ({
            type: 'text' as const,
            value: `${input.format.toUpperCase()}: ${output}`,
          }),
        }),
      };
      const calls: Record<keyof typeof caps, Call> = {
        'below the caps': ['s1', 'doc.summary', {}],
        'above the caps': ['s1', 'tool_call', { name: 'doc.summary', arguments: {} }],
      };
      for (const [label, toolDisclosure] of Object.entries(caps)) {
        const run = await runScripted(kind, [[calls[label as keyof typeof caps]], []], {
          tools,
          toolDisclosure,
        });
        expect({ label, prompt: JSON.stringify(run.sent[1]?.prompt) }).toEqual({
          label,
          prompt: expect.stringContaining('SHORT: the summary'),
        });
      }
    });

    it('never advertises, finds or runs a tool policy.isAllowed rejects by the tool itself, below and above the caps', async () => {
      const ran: string[] = [];
      const tools = {
        ...sendingTools(ran),
        'admin.drop_db': tool({
          description: 'Drop the production database.',
          inputSchema: z.object({}),
          metadata: { adminOnly: true },
          execute: async () => {
            ran.push('admin.drop_db');
            return 'dropped';
          },
        }),
      };
      const policy = {
        isAllowed: (entry: { tool?: { metadata?: { adminOnly?: unknown } } }) =>
          entry.tool?.metadata?.adminOnly !== true,
      };
      const calls: Record<keyof typeof caps, Call[]> = {
        'below the caps': [['x1', 'admin.drop_db', {}]],
        'above the caps': [
          ['x1', 'admin__drop_db', {}],
          ['x2', 'tool_call', { name: 'admin.drop_db', arguments: {} }],
          ['x3', 'tool_search', { query: 'drop database' }],
        ],
      };
      for (const [label, caps_] of Object.entries(caps)) {
        ran.length = 0;
        const run = await runScripted(kind, [calls[label as keyof typeof caps], []], {
          tools,
          toolDisclosure: { ...caps_, policy },
        });
        const advertised = JSON.stringify(run.sent.map((call) => call.tools));
        // The search echoes the query; its results must not name the tool.
        const found = JSON.stringify(
          (run.outcomes.x3?.value as { results?: unknown })?.results ?? [],
        );
        const names = (text: string) => /drop_db|production database/.test(text);
        expect({ label, advertised: names(advertised), found: names(found), ran }).toEqual({
          label,
          advertised: false,
          found: false,
          ran: [],
        });
        expect(advertised).toContain('mail');
      }
    });

    it("never runs a tool without the user's input refinement, when another call of the same agent changes its steps' reach", async () => {
      const refunded: number[] = [];
      const tools = {
        ...sendingTools([]),
        'pay.refund': tool({
          description: 'Refund the customer.',
          inputSchema: z.object({ amount: z.number() }),
          execute: async ({ amount }) => {
            refunded.push(amount);
            return `refunded ${amount}`;
          },
        }),
      };
      const scripts = {
        A: scriptedModel(kind, [
          [['r1', 'tool_call', { name: 'pay.refund', arguments: { amount: 5000 } }]],
          [],
        ]),
        B: scriptedModel(kind, [[]]),
      };
      const events: string[] = [];
      let bPrepared: () => void = () => {};
      const bWasPrepared = new Promise<void>((resolve) => {
        bPrepared = resolve;
      });
      let aStarted: () => void = () => {};
      const aWaiting = new Promise<void>((resolve) => {
        aStarted = resolve;
      });
      const which = (options: { prompt: unknown }) =>
        JSON.stringify(options.prompt).includes('Call A') ? 'A' : 'B';
      const route = async <RESULT>(
        options: { prompt: unknown },
        call: (model: MockLanguageModelV4) => PromiseLike<RESULT>,
      ) => {
        const name = which(options);
        if (name === 'A') {
          // A's model answers only once B's step is prepared: B's steps are prepared while A waits.
          aStarted();
          await bWasPrepared;
          events.push('A answers');
        }
        return call(scripts[name]);
      };
      const model = new MockLanguageModelV4({
        doGenerate: (options) => route(options, (scripted) => scripted.doGenerate(options)),
        doStream: (options) => route(options, (scripted) => scripted.doStream(options)),
      });
      const settings = withToolDisclosureSync(
        {
          model,
          tools,
          stopWhen: isStepCount(3),
          prepareStep: ({ messages }) => {
            const isA = JSON.stringify(messages).includes('Call A');
            events.push(isA ? 'prepare A' : 'prepare B');
            if (!isA) bPrepared();
            return { activeTools: isA ? ['pay.refund'] : ['notes.add'] };
          },
          experimental_refineToolInput: {
            'pay.refund': (input: { amount: number }) => ({
              ...input,
              amount: Math.min(input.amount, 100),
            }),
          },
        },
        above,
      );
      const agent = new ToolLoopAgent(settings as never);
      const runOne = async (prompt: string) => {
        if (kind === 'generateText') return (await agent.generate({ prompt })).steps;
        const streamed = await agent.stream({ prompt });
        for await (const _part of streamed.fullStream);
        return await streamed.steps;
      };
      const a = runOne('Call A: refund the customer.');
      await aWaiting;
      const b = runOne('Call B: add a note.');
      const [aSteps] = await Promise.all([a, b]);
      // B's step was prepared while A's model was answering the call.
      expect(events.indexOf('prepare B')).toBeGreaterThan(events.indexOf('prepare A'));
      expect(events.indexOf('prepare B')).toBeLessThan(events.indexOf('A answers'));
      // It ran refined, or it was refused: never with the amount the model sent.
      expect(refunded.filter((amount) => amount > 100)).toEqual([]);
      const outcome = aSteps
        .flatMap((step) => step.content)
        .find(
          (part) =>
            (part.type === 'tool-result' || part.type === 'tool-error') && part.toolCallId === 'r1',
        );
      expect(outcome).toBeDefined();
    });

    it('runs an advertised tool as it is now when its needsApproval or execute is changed on the same object', async () => {
      const log: string[] = [];
      const tools = sendingTools(log);
      const notes = tools['notes.add'];
      const settings = { tools, toolDisclosure: { ...above, core: ['notes.add'] } };
      const once = (id: string) =>
        runScripted(kind, [[[id, 'notes__add', { text: id }]], []], settings);

      await once('w1');
      expect(log).toEqual(['notes.add']);

      notes.needsApproval = true;
      const second = await once('w2');
      expect(approvalRequests(second.content).get('w2')?.name).toBe('notes.add');
      expect(log).toEqual(['notes.add']);

      notes.needsApproval = false;
      notes.execute = async () => {
        log.push('replaced');
        return 'replaced';
      };
      await once('w3');
      expect(log).toEqual(['notes.add', 'replaced']);
    });

    it('accepts a toolChoice naming a core tool by record key, below and above the caps', async () => {
      const sentChoice: Record<string, unknown> = {
        'below the caps': { type: 'tool', toolName: 'mail.send' },
        'above the caps': { type: 'tool', toolName: 'mail__send' },
      };
      for (const [label, caps_] of Object.entries(caps)) {
        const log: string[] = [];
        const name = label === 'below the caps' ? 'mail.send' : 'mail__send';
        const run = await runScripted(kind, [[['c1', name, { text: 'hi' }]], []], {
          tools: sendingTools(log),
          toolChoice: { type: 'tool', toolName: 'mail.send' },
          stopWhen: isStepCount(1),
          toolDisclosure: { ...caps_, core: ['mail.send'] },
        });
        expect({ label, choice: run.sent[0]?.toolChoice, log }).toEqual({
          label,
          choice: sentChoice[label],
          log: ['mail.send'],
        });
      }
    });

    it('answers a bridge input that is not JSON with a typed bridge error that says so', async () => {
      const log: string[] = [];
      const run = await runScripted(
        kind,
        [
          [
            ['j1', 'tool_call', '{"name": "mail.send", "arguments": {"text": "hi"'],
            ['j2', 'tool_search', '{not json'],
            ['j3', 'tool_describe', 'mail.send'],
          ],
          // An empty object sent as such is answered by what it lacks.
          [['j4', 'tool_call', '{}']],
          [],
        ],
        { tools: sendingTools(log), toolDisclosure: above },
      );
      const bridges = { j1: 'tool_call', j2: 'tool_search', j3: 'tool_describe' };
      for (const [id, bridge] of Object.entries(bridges)) {
        expect(typedError(run, id)).toMatchObject({
          kind: 'invalid_arguments',
          message: expect.stringMatching(
            new RegExp(`^The ${bridge} input was not valid JSON, .*Send one JSON object: \\{"`),
          ),
        });
      }
      expect(typedError(run, 'j4')).toMatchObject({
        kind: 'unknown_tool',
        message: expect.stringMatching(/^The tool name must be a non-empty string\./),
      });
      expect(log).toEqual([]);
    });
  },
);
