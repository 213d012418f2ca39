import { jsonSchema, type ModelMessage, type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import {
  approvingAll,
  type Call,
  type Kind,
  type Part,
  runScripted,
} from './scripted-model.case.js';
import type { ToolDisclosureOptions } from './with-tool-disclosure.js';

interface Run {
  /** Every step's content. */
  content: Part[];
  responseMessages: ModelMessage[];
  /** What each step sent to the model. */
  prompts: unknown[];
}

/** Runs the script through the library's generateText or streamText; every step's content. */
async function run(
  kind: Kind,
  steps: Call[][],
  settings: Record<string, unknown>,
  toolDisclosure: ToolDisclosureOptions,
): Promise<Run> {
  const result = await runScripted(kind, steps, { ...settings, toolDisclosure });
  return {
    content: result.content,
    responseMessages: result.responseMessages,
    prompts: result.sent.map((call) => call.prompt),
  };
}

const options: ToolDisclosureOptions = { maxTools: 2, environment: {} };

/** The approval requests of a run, by tool call id: the wire name they ask about. */
function approvalRequests(content: Part[]) {
  const requests = new Map<string, { approvalId: string; name: unknown }>();
  for (const part of content) {
    if (part.type !== 'tool-approval-request') continue;
    const toolCall = part.toolCall as { toolCallId: string; toolName: string; input: unknown };
    const name =
      toolCall.toolName === 'tool_call'
        ? (toolCall.input as { name?: unknown }).name
        : toolCall.toolName;
    requests.set(toolCall.toolCallId, { approvalId: part.approvalId as string, name });
  }
  return requests;
}

/** The typed error the model received for a call, if any. */
function typedErrorOf(content: Part[], id: string) {
  const part = content.find((item) => item.type === 'tool-error' && item.toolCallId === id);
  if (part === undefined) return undefined;
  return JSON.parse((part.error as Error).message).error as { kind: string; message: string };
}

/** The typed error a call's result carries in what the model was sent, if any. */
function typedErrorInPrompt(prompt: unknown, id: string) {
  for (const message of prompt as { role: string; content: Part[] | string }[]) {
    if (message.role !== 'tool' || typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result' || part.toolCallId !== id) continue;
      const output = part.output as { type: string; value: unknown };
      // The SDK sends a thrown error as its text, `Error: ` and the message.
      const value =
        typeof output.value === 'string'
          ? JSON.parse(output.value.replace(/^Error: /, ''))
          : output.value;
      return (value as { error?: { kind: string; message: string } }).error;
    }
  }
  return undefined;
}

function sendingTools(log: string[]) {
  const sender = (name: string, needsApproval: boolean) =>
    tool({
      description: `Send a message (${name}).`,
      inputSchema: z.object({ text: z.string() }),
      needsApproval,
      execute: async ({ text }) => {
        log.push(name);
        return `${name}: ${text}`;
      },
    });
  return {
    'mail.send': sender('mail.send', false),
    'sms.send': sender('sms.send', true),
    'notes.add': sender('notes.add', false),
    'weather.forecast': sender('weather.forecast', false),
  } satisfies ToolSet;
}

const sendCalls: Call[] = [
  ['c1', 'tool_call', { name: 'send', arguments: { text: 'a' } }],
  ['c2', 'tool_call', { name: 'SEND', arguments: { text: 'b' } }],
  ['c3', 'send', { text: 'c' }],
];

const reaches = {
  'activeTools in the settings': { activeTools: ['sms.send'] },
  'activeTools from prepareStep': { prepareStep: () => ({ activeTools: ['sms.send'] }) },
};

/**
 * The safety property of approval: for every call, either an approval request
 * names the gated tool, or the model gets unknown_tool; and no tool runs,
 * since nothing was approved and nothing else is within reach.
 */
function expectGatedOrRefused(content: Part[], log: string[], ids: readonly string[]) {
  expect(log).toEqual([]);
  const requests = approvalRequests(content);
  for (const id of ids) {
    const request = requests.get(id);
    if (request !== undefined) expect(request.name).toBe('sms__send');
    else expect(typedErrorOf(content, id)?.kind).toBe('unknown_tool');
  }
}

describe.each(['generateText', 'streamText'] as const)('toolApproval with %s', (kind) => {
  describe.each(Object.entries(reaches))('and %s', (_label, reach) => {
    it('never runs an approval-gated tool named by a name unique only within reach without an approval request naming it', async () => {
      const log: string[] = [];
      const result = await run(
        kind,
        [sendCalls, []],
        { tools: sendingTools(log), ...reach },
        options,
      );
      expectGatedOrRefused(result.content, log, ['c1', 'c2', 'c3']);
    });

    it('asks a toolApproval function about the gated tool a name means within reach, and runs nothing it did not ask about', async () => {
      const log: string[] = [];
      const asked: { toolCallId: unknown; toolName: unknown }[] = [];
      const result = await run(
        kind,
        [sendCalls, []],
        {
          tools: sendingTools(log),
          ...reach,
          toolApproval: ({ toolCall }: { toolCall: { toolCallId: string; toolName: string } }) => {
            asked.push({ toolCallId: toolCall.toolCallId, toolName: toolCall.toolName });
            return 'user-approval';
          },
        },
        options,
      );
      expectGatedOrRefused(result.content, log, ['c1', 'c2', 'c3']);
      // Every call that will run once approved was put to the function, as the real tool.
      for (const id of approvalRequests(result.content).keys()) {
        expect(asked).toContainEqual({ toolCallId: id, toolName: 'sms__send' });
      }
    });

    it('runs the tool that was approved, never a gated one, when the name means an approval-free tool outside reach', async () => {
      // Over the whole catalog `send` is the wire name of one approval-free tool, and `Send`
      // the bare name of another; within reach, both mean sms.send.
      for (const [name, key] of [
        ['send', 'send'],
        ['Send', 'notify.Send'],
      ] as const) {
        const log: string[] = [];
        const tools = {
          ...sendingTools(log),
          [key]: tool({
            description: 'Send a notification.',
            inputSchema: z.object({ text: z.string() }),
            execute: async () => {
              log.push(key);
              return 'sent';
            },
          }),
        };
        const calls: Call[] = [
          ['v1', 'tool_call', { name, arguments: { text: 'a' } }],
          ['v2', name, { text: 'b' }],
        ];
        const first = await run(kind, [calls, []], { tools, ...reach }, options);
        expectGatedOrRefused(first.content, log, ['v1', 'v2']);

        const requested = [...approvalRequests(first.content).values()].map(
          (request) => request.name,
        );
        if (requested.length === 0) continue;
        await run(kind, [[]], { tools, ...reach, messages: approvingAll(first) }, options);
        // What ran is exactly what was asked about.
        expect(log.map((ran) => ran.replace('.', '__')).sort()).toEqual(requested.sort());
      }
    });
  });

  it('gives a toolApproval function the real tool under its record key and the real tool in tools, for a bridged call', async () => {
    const log: string[] = [];
    const tools = sendingTools(log);
    const seen: { toolName: string; input: unknown; tool: unknown }[] = [];
    const result = await run(
      kind,
      [
        [
          ['a1', 'tool_call', { name: 'sms.send', arguments: { text: 'a' } }],
          ['a2', 'sms.send', { text: 'b' }],
          ['a3', 'tool_call', { name: 'mail.send', arguments: { text: 'c' } }],
        ],
        [],
      ],
      {
        tools,
        // The common pattern: ask whenever the tool itself says it needs approval.
        toolApproval: ({
          toolCall,
          tools: available,
        }: {
          toolCall: { toolName: string; input: unknown };
          tools: Record<string, { needsApproval?: unknown }> | undefined;
        }) => {
          const real = available?.[toolCall.toolName];
          seen.push({ toolName: toolCall.toolName, input: toolCall.input, tool: real });
          return real?.needsApproval ? 'user-approval' : 'not-applicable';
        },
      },
      options,
    );
    expect(seen).toEqual(
      expect.arrayContaining([
        // The names of the user's record, as below the caps; the request's input names the wire name.
        { toolName: 'sms.send', input: { text: 'a' }, tool: tools['sms.send'] },
        { toolName: 'sms.send', input: { text: 'b' }, tool: tools['sms.send'] },
        { toolName: 'mail.send', input: { text: 'c' }, tool: tools['mail.send'] },
      ]),
    );
    const requests = approvalRequests(result.content);
    expect(requests.get('a1')?.name).toBe('sms__send');
    expect(requests.get('a2')?.name).toBe('sms__send');
    expect(requests.has('a3')).toBe(false);
    expect(log).toEqual(['mail.send']);
  });

  const throwingSchemas = {
    'a jsonSchema whose validate throws': () =>
      jsonSchema<{ text: string }>(
        { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        {
          validate: () => {
            throw new Error('validator exploded');
          },
        },
      ),
    'a zod schema whose refine throws': () =>
      z.object({ text: z.string() }).refine(() => {
        throw new Error('refinement exploded');
      }),
  };

  describe.each(Object.entries(throwingSchemas))('and %s', (_label, schema) => {
    const throwingTools = (log: string[], needsApproval: boolean | (() => boolean)) => ({
      'vault.open': tool({
        description: 'Open the vault.',
        inputSchema: schema() as never,
        needsApproval,
        execute: async () => {
          log.push('vault.open');
          return 'opened';
        },
      }),
      'notes.add': tool({
        description: 'Add a note.',
        inputSchema: z.object({}),
        execute: async () => 'added',
      }),
      'weather.forecast': tool({
        description: 'Forecast.',
        inputSchema: z.object({}),
        execute: async () => 'sunny',
      }),
    });
    const calls: Call[] = [
      ['t1', 'tool_call', { name: 'vault.open', arguments: { text: 'x' } }],
      ['t2', 'vault.open', { text: 'y' }],
    ];

    it.each([
      ['needsApproval: true', true],
      ['a needsApproval function', () => true],
    ] as const)(
      'answers a gated tool whose schema throws with a typed tool error, never a rejection, and never runs it unapproved (%s)',
      async (_name, needsApproval) => {
        const log: string[] = [];
        const tools = throwingTools(log, needsApproval);
        const first = await run(kind, [calls, []], { tools }, options);
        expect(log).toEqual([]);
        const requests = approvalRequests(first.content);
        for (const id of ['t1', 't2']) {
          if (requests.has(id)) expect(requests.get(id)?.name).toBe('vault__open');
          else expect(typedErrorOf(first.content, id)).toMatchObject({ kind: expect.any(String) });
        }
        if (requests.size === 0) return;
        // Approved, the call still cannot be validated: a typed error, and the tool does not run.
        const after = await run(kind, [[]], { tools, messages: approvingAll(first) }, options);
        expect(log).toEqual([]);
        for (const id of requests.keys()) {
          expect(typedErrorInPrompt(after.prompts[0], id)).toMatchObject({
            kind: expect.any(String),
            message: expect.any(String),
          });
        }
      },
    );

    it('answers an approval-free tool whose schema throws with a typed tool error', async () => {
      const log: string[] = [];
      const result = await run(kind, [calls, []], { tools: throwingTools(log, false) }, options);
      expect(log).toEqual([]);
      for (const id of ['t1', 't2']) {
        expect(typedErrorOf(result.content, id)).toMatchObject({
          kind: expect.any(String),
          message: expect.any(String),
        });
      }
    });
  });
});
