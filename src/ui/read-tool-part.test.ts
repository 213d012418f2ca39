import {
  convertToModelMessages,
  isStepCount,
  readUIMessageStream,
  type ToolSet,
  tool,
  type UIMessage,
} from 'ai';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod/v4';
import { scriptedModel } from '../wrap/scripted-model.case.js';
import { streamText } from '../wrap/stream-text.js';
import { type ReadToolPartResult, readToolPart } from './read-tool-part.js';

type Part = UIMessage['parts'][number];

const approval = { id: 'approval-1' };

describe('readToolPart on parts built by hand', () => {
  it('returns undefined for every part that is not a tool call', () => {
    const parts: Part[] = [
      { type: 'text', text: 'Hello' },
      { type: 'reasoning', text: 'Thinking' },
      { type: 'step-start' },
      { type: 'source-url', sourceId: 's', url: 'https://example.com' },
      { type: 'file', mediaType: 'text/plain', url: 'data:text/plain,x' },
      { type: 'data-weather', data: { city: 'Berlin' } },
    ];
    expect(parts.map(readToolPart)).toEqual(parts.map(() => undefined));
  });

  it('reads a tool_call part (a bridged call stored by an earlier version) in every state as the tool its input names', () => {
    const input = { name: 'github__create_issue', arguments: { title: 'Login fails' } };
    const real = {
      toolCallId: 'c1',
      discovery: false,
      toolName: 'github__create_issue',
      arguments: { title: 'Login fails' },
    };
    const cases: [Part, Partial<ReadToolPartResult>][] = [
      [
        { type: 'tool-tool_call', toolCallId: 'c1', state: 'input-available', input },
        { state: 'input-available' },
      ],
      [
        { type: 'tool-tool_call', toolCallId: 'c1', state: 'approval-requested', input, approval },
        { state: 'approval-requested', approval },
      ],
      [
        {
          type: 'tool-tool_call',
          toolCallId: 'c1',
          state: 'approval-responded',
          input,
          approval: { ...approval, approved: true },
        },
        { state: 'approval-responded', approval: { ...approval, approved: true } },
      ],
      [
        {
          type: 'tool-tool_call',
          toolCallId: 'c1',
          state: 'output-available',
          input,
          output: { number: 7 },
          approval: { ...approval, approved: true },
        },
        {
          state: 'output-available',
          output: { number: 7 },
          approval: { ...approval, approved: true },
        },
      ],
      [
        {
          type: 'tool-tool_call',
          toolCallId: 'c1',
          state: 'output-error',
          input,
          errorText: 'rate limited',
        },
        { state: 'output-error', errorText: 'rate limited' },
      ],
      [
        {
          type: 'tool-tool_call',
          toolCallId: 'c1',
          state: 'output-denied',
          input,
          approval: { ...approval, approved: false, reason: 'not now' },
        },
        {
          state: 'output-denied',
          approval: { ...approval, approved: false, reason: 'not now' },
        },
      ],
    ];
    for (const [part, expected] of cases) {
      expect(readToolPart(part)).toStrictEqual({ ...real, ...expected });
    }
  });

  it('reads a tool_call part whose input is still streaming: no name yet, or a partial one', () => {
    const streaming = (input: unknown): Part => ({
      type: 'tool-tool_call',
      toolCallId: 'c1',
      state: 'input-streaming',
      input,
    });
    expect(readToolPart(streaming(undefined))).toStrictEqual({
      toolCallId: 'c1',
      discovery: false,
      toolName: undefined,
      arguments: undefined,
      state: 'input-streaming',
    });
    expect(readToolPart(streaming({ name: 'github__cre' }))).toMatchObject({
      toolName: 'github__cre',
      arguments: undefined,
    });
    // The model's own spelling, with arguments as JSON text.
    expect(
      readToolPart(streaming({ name: 'create_issue', arguments: '{"title":"Log' })),
    ).toMatchObject({ toolName: 'create_issue', arguments: '{"title":"Log' });
  });

  it('parses tool_call arguments sent as JSON text, except with a __proto__ key, and never reads a name from the prototype', () => {
    const part = (input: unknown): Part => ({
      type: 'tool-tool_call',
      toolCallId: 'c1',
      state: 'output-error',
      input,
      errorText: 'unknown_tool',
    });
    expect(readToolPart(part({ name: 'create_issue', arguments: '{"title":"x"}' }))).toMatchObject({
      toolName: 'create_issue',
      arguments: { title: 'x' },
    });
    const pollution = '{"__proto__":{"polluted":true}}';
    expect(readToolPart(part({ name: 'create_issue', arguments: pollution }))).toMatchObject({
      arguments: pollution,
    });
    expect(readToolPart(part({ name: 42 }))).toMatchObject({ toolName: undefined });
    expect(readToolPart(part(Object.create({ name: 'inherited' })))).toMatchObject({
      toolName: undefined,
    });
    expect(readToolPart(part('not an object'))).toMatchObject({
      toolName: undefined,
      arguments: undefined,
    });
  });

  it('reads a part of one of the app’s tools, static or dynamic, as it is: its name, input, state and output', () => {
    const input = { city: 'Berlin' };
    const expected = {
      toolCallId: 'w1',
      discovery: false,
      toolName: 'weather.forecast',
      arguments: input,
      state: 'output-available',
      output: { sky: 'clear' },
    };
    const parts: Part[] = [
      {
        type: 'tool-weather.forecast',
        toolCallId: 'w1',
        state: 'output-available',
        input,
        output: { sky: 'clear' },
      },
      {
        type: 'dynamic-tool',
        toolName: 'weather.forecast',
        toolCallId: 'w1',
        state: 'output-available',
        input,
        output: { sky: 'clear' },
      },
    ];
    for (const part of parts) expect(readToolPart(part)).toStrictEqual(expected);
    expect(
      readToolPart({
        type: 'dynamic-tool',
        toolName: 'forge__deploy__fail',
        toolCallId: 'w2',
        state: 'input-streaming',
        input: undefined,
      }),
    ).toStrictEqual({
      toolCallId: 'w2',
      discovery: false,
      toolName: 'forge__deploy__fail',
      arguments: undefined,
      state: 'input-streaming',
    });
    // An input that looks like tool_call's is the tool's own input.
    const lookalike = { name: 'github__create_issue', arguments: '{"title":"x"}' };
    expect(
      readToolPart({
        type: 'tool-github.create_issue',
        toolCallId: 'c1',
        state: 'approval-requested',
        input: lookalike,
        approval,
      }),
    ).toStrictEqual({
      toolCallId: 'c1',
      discovery: false,
      toolName: 'github.create_issue',
      arguments: lookalike,
      state: 'approval-requested',
      approval,
    });
  });

  it('marks tool_search and tool_describe as discovery, static or dynamic', () => {
    const parts: Part[] = [
      {
        type: 'tool-tool_search',
        toolCallId: 's1',
        state: 'input-available',
        input: { query: 'issues' },
      },
      {
        type: 'dynamic-tool',
        toolName: 'tool_search',
        toolCallId: 's1',
        state: 'input-available',
        input: { query: 'issues' },
      },
    ];
    for (const part of parts) {
      expect(readToolPart(part)).toStrictEqual({
        toolCallId: 's1',
        discovery: true,
        toolName: 'tool_search',
        arguments: { query: 'issues' },
        state: 'input-available',
      });
    }
    expect(
      readToolPart({
        type: 'tool-tool_describe',
        toolCallId: 'd1',
        state: 'output-available',
        input: { name: 'github__create_issue' },
        output: { name: 'github__create_issue' },
      }),
    ).toMatchObject({ discovery: true, toolName: 'tool_describe' });
  });

  it('is typed so that narrowing on state reaches the approval, output and error text', () => {
    const call = readToolPart({ type: 'text', text: '' } as Part);
    expectTypeOf(readToolPart).returns.toEqualTypeOf<ReadToolPartResult | undefined>();
    if (call === undefined) return;
    expectTypeOf(call.toolName).toEqualTypeOf<string | undefined>();
    if (call.state === 'approval-requested') {
      expectTypeOf(call.approval.id).toEqualTypeOf<string>();
    }
    if (call.state === 'output-denied') {
      expectTypeOf(call.approval.approved).toEqualTypeOf<false>();
    }
    if (call.state === 'output-error') expectTypeOf(call.errorText).toEqualTypeOf<string>();
    if (call.state === 'input-streaming') expectTypeOf(call.approval).toEqualTypeOf<undefined>();
  });

  it('accepts the parts of a UIMessage typed with its own tools and data', () => {
    type Typed = UIMessage<
      unknown,
      { weather: { city: string } },
      { tool_call: { input: { name: string }; output: unknown } }
    >;
    const part: Typed['parts'][number] = {
      type: 'tool-tool_call',
      toolCallId: 'c1',
      state: 'input-available',
      input: { name: 'github__create_issue' },
    };
    expect(readToolPart(part)?.toolName).toBe('github__create_issue');
  });
});

describe('readToolPart on the parts of a real streamText run through the wrapper', () => {
  const log: string[] = [];
  const tools = {
    'github.create_issue': tool({
      description: 'Open a new issue in a GitHub repository.',
      inputSchema: z.object({ title: z.string() }),
      needsApproval: true,
      execute: async ({ title }) => {
        log.push(title);
        return { number: 7, title };
      },
    }),
    'weather.forecast': tool({
      description: 'The weather forecast for a city.',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => ({ city, sky: 'clear' }),
    }),
    'mail.search': tool({
      description: 'Search email messages.',
      inputSchema: z.object({ query: z.string() }),
      execute: async () => [],
    }),
  } satisfies ToolSet;
  const toolDisclosure = { maxTools: 1, core: ['weather.*'], environment: {} };

  /** Streams one request as useChat receives it: every message snapshot, continuing `message`. */
  async function request(
    steps: Parameters<typeof scriptedModel>[1],
    messages: UIMessage[],
    message?: UIMessage,
  ): Promise<UIMessage[]> {
    const result = streamText({
      model: scriptedModel('streamText', steps, { inputDeltas: true }),
      tools,
      messages: await convertToModelMessages(messages),
      stopWhen: isStepCount(steps.length + 1),
      toolDisclosure,
    });
    const snapshots: UIMessage[] = [];
    const stream = result.toUIMessageStream({ originalMessages: messages });
    for await (const snapshot of readUIMessageStream({ message, stream })) {
      snapshots.push(structuredClone(snapshot));
    }
    return snapshots;
  }

  const user: UIMessage = {
    id: 'u1',
    role: 'user',
    parts: [{ type: 'text', text: 'Open an issue: the login fails. And the weather in Berlin?' }],
  };

  /**
   * The first request: a search and a direct call, then a call through
   * tool_call awaiting approval and one the wrapper refuses.
   */
  const firstRequest = () =>
    request(
      [
        [
          ['s1', 'tool_search', { query: 'create issue' }],
          ['w1', 'weather__forecast', { city: 'Berlin' }],
        ],
        [
          ['c1', 'tool_call', { name: 'create_issue', arguments: '{"title":"Login fails"}' }],
          ['c2', 'tool_call', { name: 'jira__create_issue', arguments: '{"title":"x"}' }],
        ],
      ],
      [user],
    );

  /** The assistant message with c1's approval answered, as `addToolApprovalResponse` leaves it. */
  function answered(message: UIMessage, approved: boolean): UIMessage {
    return {
      ...message,
      parts: message.parts.map((part) =>
        'toolCallId' in part && part.toolCallId === 'c1' && part.state === 'approval-requested'
          ? {
              ...part,
              state: 'approval-responded',
              approval: { ...part.approval, approved, ...(approved ? {} : { reason: 'no' }) },
            }
          : part,
      ),
    } as UIMessage;
  }

  const readCall = (message: UIMessage, toolCallId: string) =>
    message.parts.map(readToolPart).find((call) => call?.toolCallId === toolCallId);

  it('reads discovery, the app’s own tools however the model called them, and a refused tool_call, streamed', async () => {
    const snapshots = await firstRequest();
    const last = snapshots.at(-1) as UIMessage;
    const calls = last.parts.map(readToolPart).filter((call) => call !== undefined);
    expect(calls).toStrictEqual([
      {
        toolCallId: 's1',
        discovery: true,
        toolName: 'tool_search',
        arguments: { query: 'create issue' },
        state: 'output-available',
        output: expect.objectContaining({ query: 'create issue' }),
      },
      {
        toolCallId: 'w1',
        discovery: false,
        toolName: 'weather.forecast',
        arguments: { city: 'Berlin' },
        state: 'output-available',
        output: { city: 'Berlin', sky: 'clear' },
      },
      {
        toolCallId: 'c1',
        discovery: false,
        toolName: 'github.create_issue',
        arguments: { title: 'Login fails' },
        state: 'approval-requested',
        approval: expect.objectContaining({ id: expect.any(String) }),
      },
      {
        toolCallId: 'c2',
        discovery: false,
        toolName: 'jira__create_issue',
        arguments: { title: 'x' },
        state: 'output-error',
        errorText: expect.any(String),
      },
    ]);
    // The app's own tools arrive as their own parts; tool_call only for the refused call.
    expect(
      last.parts.flatMap((part) => (part.type.startsWith('tool-') ? [part.type] : [])),
    ).toEqual([
      'tool-tool_search',
      'tool-weather.forecast',
      'tool-github.create_issue',
      'tool-tool_call',
    ]);
    // The typed error, as ai writes a thrown error.
    const refused = calls.at(-1);
    const errorText = refused?.state === 'output-error' ? refused.errorText : '';
    expect(errorText.startsWith('Error: {')).toBe(true);
    expect(JSON.parse(errorText.slice('Error: '.length))).toMatchObject({
      error: { kind: 'unknown_tool' },
    });

    // While c1 streamed in, it was read as a call of the real tool in progress, never as discovery.
    const streaming = snapshots
      .flatMap((snapshot) => snapshot.parts.map(readToolPart))
      .filter((call) => call?.toolCallId === 'c1' && call.state === 'input-streaming');
    expect(streaming.length).toBeGreaterThan(0);
    for (const call of streaming) {
      expect(call).toMatchObject({ discovery: false, toolName: 'github.create_issue' });
    }
  });

  it('reads the approved call with its output, and the denied call as denied', async () => {
    const assistant = (await firstRequest()).at(-1) as UIMessage;

    const approved = answered(assistant, true);
    expect(readCall(approved, 'c1')).toMatchObject({
      toolName: 'github.create_issue',
      state: 'approval-responded',
      approval: { approved: true },
    });
    const afterApproval = (await request([[]], [user, approved], approved)).at(-1) as UIMessage;
    expect(readCall(afterApproval, 'c1')).toMatchObject({
      toolName: 'github.create_issue',
      arguments: { title: 'Login fails' },
      state: 'output-available',
      output: { number: 7, title: 'Login fails' },
      approval: { approved: true },
    });
    expect(log).toEqual(['Login fails']);

    const denied = answered(assistant, false);
    const afterDenial = (await request([[]], [user, denied], denied)).at(-1) as UIMessage;
    expect(readCall(afterDenial, 'c1')).toMatchObject({
      toolName: 'github.create_issue',
      state: 'output-denied',
      approval: { approved: false, reason: 'no' },
    });
    expect(log).toEqual(['Login fails']);
  });
});
