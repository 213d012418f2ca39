import {
  asSchema,
  generateText,
  hasToolCall,
  InvalidToolInputError,
  isStepCount,
  jsonSchema,
  type ModelMessage,
  streamText,
  type ToolExecutionOptions,
  ToolLoopAgent,
  type ToolSet,
  tool,
} from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { createCatalog } from '../catalog/create-catalog.js';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import { AsyncSchemaError } from '../error/async-schema-error.js';
import {
  type Kind,
  type Outcome,
  runScripted,
  type Step,
  scriptedModel,
} from './scripted-model.case.js';
import {
  type ToolDisclosureOptions,
  withToolDisclosure,
  withToolDisclosureSync,
} from './with-tool-disclosure.js';

/** What the SDK sends of a tool: its description (for a step without a narrowed reach) and schema. */
function definitionOf(tools: ToolSet, name: string) {
  const tool = tools[name] as { description?: unknown; inputSchema: unknown };
  const description =
    typeof tool.description === 'function'
      ? tool.description({ context: undefined })
      : tool.description;
  return { description, schema: asSchema(tool.inputSchema as never).jsonSchema };
}

interface Run {
  model: MockLanguageModelV4;
  /** What each step sent to the model. */
  calls: readonly { tools?: unknown; temperature?: unknown; prompt: unknown }[];
  steps: readonly { content: readonly Record<string, unknown>[] }[];
  content: readonly Record<string, unknown>[];
  responseMessages: ModelMessage[];
  /** Every tool call's outcome as the app sees it, by call id. */
  outcomes: Record<string, Outcome>;
  /** Every tool call's outcome as the model read it, by call id. */
  modelOutcomes: Record<string, Outcome>;
}

/** Runs the script through `ai`, its settings wrapped by `withToolDisclosure` unless `options` is false. */
async function run(
  kind: Kind,
  steps: Step[],
  params: Record<string, unknown>,
  options?: ToolDisclosureOptions | false,
): Promise<Run> {
  const result = await runScripted(kind, steps, params, {
    inputDeltas: true,
    sdk: { generateText, streamText },
    prepare: (settings) => (options === false ? settings : withToolDisclosure(settings, options)),
  });
  return {
    model: result.model,
    calls: result.sent,
    steps: result.steps,
    content: result.finalContent,
    responseMessages: result.responseMessages,
    outcomes: result.outcomes,
    modelOutcomes: result.modelOutcomes,
  };
}

/** The tool results and errors of a run, by call id. */
function outcomes(
  result: Run,
): Record<string, { type: string; toolName: unknown; value: unknown }> {
  const found: Record<string, { type: string; toolName: unknown; value: unknown }> = {};
  for (const [id, { ok, toolName, value }] of Object.entries(result.outcomes)) {
    found[id] = { type: ok ? 'result' : 'error', toolName, value };
  }
  return found;
}

/** The tool results and errors of a run as the model read them, by call id. */
function modelOutcomes(
  result: Run,
): Record<string, { type: string; toolName: unknown; value: unknown }> {
  const found: Record<string, { type: string; toolName: unknown; value: unknown }> = {};
  for (const [id, { ok, toolName, value }] of Object.entries(result.modelOutcomes)) {
    found[id] = { type: ok ? 'result' : 'error', toolName, value };
  }
  return found;
}

/** The bridge error JSON the model received for a call. */
function errorOf(found: ReturnType<typeof outcomes>, id: string) {
  const outcome = found[id];
  expect(outcome?.type).toBe('error');
  const value = outcome?.value as
    | { error: { kind: string; message: string; [key: string]: unknown } }
    | undefined;
  if (value === undefined) throw new Error(`no outcome for ${id}`);
  return value.error;
}

function fixture() {
  const log: string[] = [];
  const seen: ToolExecutionOptions<unknown>[] = [];
  const tools = {
    'memory.save': tool({
      description: 'Save a note to memory.',
      inputSchema: z.object({ text: z.string() }),
      execute: async ({ text }) => `saved ${text}`,
    }),
    'memory.list': tool({
      description: 'List saved notes.',
      inputSchema: z.object({}),
      execute: async () => ['note'],
    }),
    'calendar.create_event': tool({
      description: 'Create a calendar event with a title.',
      inputSchema: z.object({ title: z.string(), minutes: z.number().default(30) }),
      execute: async (input, options) => {
        log.push(`create_event ${JSON.stringify(input)}`);
        seen.push(options);
        return { created: input.title };
      },
    }),
    'mail.search': tool({
      description: 'Search email messages by query.',
      inputSchema: z.object({ query: z.string() }),
      execute: async ({ query }) => {
        log.push(`mail.search ${query}`);
        return { hits: [`msg about ${query}`] };
      },
    }),
    'weather.forecast': tool({
      description: 'Get the weather forecast for a city.',
      inputSchema: jsonSchema({
        type: 'object',
        properties: { city: { type: 'string', minLength: 1 } },
        required: ['city'],
        additionalProperties: false,
      }),
      execute: async (input: { city: string }) => `sunny in ${input.city}`,
    }),
    'admin.wipe': tool({
      description: 'Wipe every account.',
      inputSchema: z.object({}),
      execute: async () => {
        log.push('DENIED TOOL RAN');
        return 'wiped';
      },
    }),
  } satisfies ToolSet;
  const options = {
    core: ['memory.*'],
    policy: { deny: ['admin.*'] },
    maxTools: 4,
    environment: {},
  } satisfies ToolDisclosureOptions;
  return { tools, options, log, seen };
}

describe.each(['generateText', 'streamText'] as const)('withToolDisclosure with %s', (kind) => {
  it('shows a call made through tool_call to the app as a call of its own tool, with the validated input', async () => {
    const { tools, options, log } = fixture();
    const result = await run(
      kind,
      [
        { calls: [['s1', 'tool_search', { query: 'create a calendar event' }]] },
        {
          calls: [
            ['c1', 'tool_call', { name: 'calendar__create_event', arguments: '{"title":"Board"}' }],
          ],
        },
        { text: 'Booked.' },
      ],
      { tools },
      options,
    );
    const found = outcomes(result);
    const search = found.s1?.value as { results: { name: string }[] };
    expect(search.results.map((item) => item.name)).toContain('calendar__create_event');
    expect(found.c1).toEqual({
      type: 'result',
      toolName: 'calendar.create_event',
      value: { created: 'Board' },
    });
    expect(result.steps[1]?.content).toContainEqual(
      expect.objectContaining({
        type: 'tool-call',
        toolCallId: 'c1',
        toolName: 'calendar.create_event',
        input: { title: 'Board', minutes: 30 },
      }),
    );
    // What the model reads next: the call and its real output, under the wire name.
    expect(result.calls[2]?.prompt).toContainEqual({
      role: 'tool',
      content: [
        expect.objectContaining({
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'calendar__create_event',
          output: { type: 'json', value: { created: 'Board' } },
        }),
      ],
    });
    expect(log).toEqual(['create_event {"title":"Board","minutes":30}']);
    expect(result.steps).toHaveLength(3);
  });

  it('runs direct calls of a deferred tool by dotted, __-encoded and bare names as the app tool', async () => {
    const { tools, options, log } = fixture();
    const result = await run(
      kind,
      [
        {
          calls: [
            ['d1', 'calendar.create_event', { title: 'a' }],
            ['d2', 'calendar__create_event', { title: 'b' }],
            ['d3', 'create_event', { title: 'c' }],
          ],
        },
        { text: 'done' },
      ],
      { tools },
      options,
    );
    const found = outcomes(result);
    for (const [id, title] of [
      ['d1', 'a'],
      ['d2', 'b'],
      ['d3', 'c'],
    ]) {
      expect(found[id as string]).toEqual({
        type: 'result',
        toolName: 'calendar.create_event',
        value: { created: title },
      });
    }
    expect(log.sort()).toEqual([
      'create_event {"title":"a","minutes":30}',
      'create_event {"title":"b","minutes":30}',
      'create_event {"title":"c","minutes":30}',
    ]);
  });

  it('answers a denied tool exactly like a tool that never existed, and never runs it', async () => {
    const { tools, options, log } = fixture();
    const result = await run(
      kind,
      [
        {
          calls: [
            ['x1', 'admin__wipe', {}],
            ['x2', 'nope__wipe', {}],
            ['x3', 'tool_call', { name: 'admin.wipe', arguments: '{}' }],
            ['x4', 'tool_call', { name: 'nope.wipe', arguments: '{}' }],
          ],
        },
        { text: 'done' },
      ],
      { tools },
      options,
    );
    const found = outcomes(result);
    const texts = ['x1', 'x2', 'x3', 'x4'].map((id) => {
      const error = errorOf(found, id);
      expect(error.kind).toBe('unknown_tool');
      return error.message.replace(/"[^"]+"/, '"NAME"');
    });
    expect(new Set(texts).size).toBe(1);
    expect(log).toEqual([]);
    for (const call of result.calls) {
      expect(JSON.stringify(call.tools)).not.toContain('wipe');
    }
  });

  it('tells the model of invalid arguments with the issues and the schema, and the retry succeeds', async () => {
    const { tools, options, log } = fixture();
    const result = await run(
      kind,
      [
        {
          calls: [['i1', 'tool_call', { name: 'calendar.create_event', arguments: { title: 42 } }]],
        },
        { calls: [['i2', 'weather.forecast', { city: '' }]] },
        {
          calls: [
            ['i3', 'tool_call', { name: 'calendar.create_event', arguments: { title: 'Fixed' } }],
            ['i4', 'weather.forecast', { city: 'Paris' }],
          ],
        },
        { text: 'done' },
      ],
      { tools },
      options,
    );
    // The app sees the invalid calls of its tools, as plain ai reports them.
    expect(outcomes(result).i1).toMatchObject({ type: 'error', toolName: 'calendar.create_event' });
    expect(outcomes(result).i2).toMatchObject({ type: 'error', toolName: 'weather.forecast' });
    const found = modelOutcomes(result);
    const first = errorOf(found, 'i1');
    expect(first).toMatchObject({
      kind: 'invalid_arguments',
      message: expect.stringMatching(/calendar__create_event[\s\S]*title/),
      parameters: { type: 'object', required: ['title'] },
    });
    expect(first.message).not.toContain('calendar.create_event');
    const second = errorOf(found, 'i2');
    expect(second).toMatchObject({
      kind: 'invalid_arguments',
      message: expect.stringMatching(/weather__forecast[\s\S]*\/city[\s\S]*too short/),
      parameters: { properties: { city: { type: 'string', minLength: 1 } } },
    });
    expect(found.i3?.value).toEqual({ created: 'Fixed' });
    expect(found.i4?.value).toBe('sunny in Paris');
    expect(log).toEqual(['create_event {"title":"Fixed","minutes":30}']);
  });

  it('sends the same tools on every step and across runs, exactly as createDisclosure reports', async () => {
    const script: Step[] = [
      { calls: [['s1', 'tool_search', { query: 'mail' }]] },
      { calls: [['c1', 'tool_call', { name: 'mail.search', arguments: '{"query":"invoice"}' }]] },
      {
        calls: [
          ['d1', 'create_event', { title: 'x' }],
          ['u1', 'nope', {}],
        ],
      },
      { calls: [['t1', 'tool_describe', { name: 'weather.forecast' }]] },
      { text: 'done' },
    ];
    const { tools, options } = fixture();
    const first = await run(kind, script, { tools }, options);
    const second = await run(kind, script, { tools: fixture().tools }, options);
    expect(first.calls).toHaveLength(5);
    const sent = first.calls.map((call) => call.tools);
    for (const tools of [...sent, ...second.calls.map((call) => call.tools)]) {
      expect(tools).toEqual(sent[0]);
    }
    const catalog = await createCatalog({ tools, core: options.core ?? [] });
    const disclosure = createDisclosure({ catalog, ...options });
    expect(sent[0]).toEqual(
      disclosure.advertised.map((tool) => ({
        type: 'function',
        name: tool.name,
        inputSchema: tool.parameters,
        description: tool.description,
      })),
    );
    expect((sent[0] as { name: string }[]).map((tool) => tool.name)).toEqual([
      'memory__list',
      'memory__save',
      'tool_search',
      'tool_describe',
      'tool_call',
    ]);
  });

  it('leaves the request unchanged below the caps, denied tools aside', async () => {
    const { tools } = fixture();
    const script: Step[] = [{ calls: [['m1', 'mail.search', { query: 'a' }]] }, { text: 'ok' }];
    const params = { tools, toolChoice: 'auto', temperature: 0.2 };
    const plain = await run(kind, script, params, false);
    const wrapped = await run(kind, script, params, { environment: {} });
    expect(wrapped.calls.map(strip)).toEqual(plain.calls.map(strip));

    const { 'admin.wipe': _denied, ...allowed } = tools;
    const withoutDenied = await run(kind, script, { ...params, tools: allowed }, false);
    const denied = await run(kind, script, params, {
      environment: {},
      policy: { deny: ['admin.*'] },
    });
    expect(denied.calls.map(strip)).toEqual(withoutDenied.calls.map(strip));

    const unchanged = { tools, prompt: 'x' };
    expect(await withToolDisclosure(unchanged, { environment: {} })).toBe(unchanged);
  });

  it('gives the real tool its own context, the abort signal, the messages and the call id', async () => {
    const { tools, options, seen } = fixture();
    const controller = new AbortController();
    await run(
      kind,
      [
        {
          calls: [
            ['c7', 'tool_call', { name: 'calendar.create_event', arguments: { title: 'x' } }],
          ],
        },
        { text: 'done' },
      ],
      {
        tools,
        abortSignal: controller.signal,
        toolsContext: {
          'calendar.create_event': { user: 'ada' },
          'mail.search': { user: 'bob' },
        },
      },
      options,
    );
    expect(seen).toHaveLength(1);
    const [options7] = seen as [ToolExecutionOptions<unknown>];
    expect(options7.context).toEqual({ user: 'ada' });
    expect(options7.toolCallId).toBe('c7');
    expect(options7.messages).toEqual([{ role: 'user', content: 'Help me.' }]);
    expect(options7.abortSignal).toBeInstanceOf(AbortSignal);
    expect(options7.abortSignal?.aborted).toBe(false);
  });

  it("never hands a bridge's own context to a grouped tool whose record key is a bridge's name", async () => {
    const { tools, options, seen } = fixture();
    const grouped = {
      tool_search: tool({
        description: 'Search the tool registry of the index service.',
        inputSchema: z.object({ query: z.string() }),
        execute: async (_input, callOptions) => {
          seen.push(callOptions);
          return 'found';
        },
      }),
    };
    const result = await run(
      kind,
      [
        { calls: [['s1', 'tool_search', { query: 'registry' }]] },
        {
          calls: [['s2', 'tool_call', { name: 'registry.tool_search', arguments: { query: 'a' } }]],
        },
        {
          calls: [['s3', 'tool_call', { name: 'registry.tool_search', arguments: { query: 'b' } }]],
        },
        { text: 'done' },
      ],
      { tools, toolsContext: { 'registry.tool_search': { user: 'ada' } } },
      { ...options, namespaces: { registry: { tools: grouped } } },
    );
    expect(Object.keys(outcomes(result))).toEqual(['s1', 's2', 's3']);
    expect(seen.map((callOptions) => callOptions.context)).toEqual([
      { user: 'ada' },
      { user: 'ada' },
    ]);
  });

  it("keeps the user's activeTools, toolOrder, prepareStep and repairToolCall in effect", async () => {
    const { tools, options } = fixture();
    const prepared: unknown[] = [];
    const repaired: string[] = [];
    const result = await run(
      kind,
      [
        { calls: [['r1', 'memory__save', { text: 7 }]] },
        { calls: [['r2', 'memory__list', {}]] },
        { text: 'done' },
      ],
      {
        tools,
        activeTools: ['memory.save'],
        toolOrder: ['tool_call'],
        toolsContext: { 'mail.search': { user: 'bob' } },
        prepareStep: ({
          stepNumber,
          toolsContext,
        }: {
          stepNumber: number;
          toolsContext: unknown;
        }) => {
          prepared.push(toolsContext);
          return stepNumber === 1 ? { temperature: 0.5 } : undefined;
        },
        repairToolCall: async ({
          toolCall,
          error,
        }: {
          toolCall: { toolName: string; input: string };
          error: unknown;
        }) => {
          repaired.push(`${toolCall.toolName} ${InvalidToolInputError.isInstance(error)}`);
          return InvalidToolInputError.isInstance(error)
            ? { ...toolCall, input: '{"text":"fixed"}' }
            : null;
        },
      },
      options,
    );
    for (const call of result.calls) {
      expect((call.tools as { name: string }[]).map((tool) => tool.name)).toEqual([
        'tool_call',
        'memory__save',
        'tool_search',
        'tool_describe',
      ]);
    }
    expect(result.calls.map((call) => call.temperature)).toEqual([undefined, 0.5, undefined]);
    // The user's callbacks see contexts under the names the tools have in their record.
    expect(prepared).toEqual([
      { 'mail.search': { user: 'bob' } },
      { 'mail.search': { user: 'bob' } },
      { 'mail.search': { user: 'bob' } },
    ]);
    // The user's repair sees the call of the tool the app knows as memory.save.
    expect(repaired).toEqual(['memory.save true']);
    const found = outcomes(result);
    expect(found.r1).toEqual({ type: 'result', toolName: 'memory.save', value: 'saved fixed' });
    // memory__list is outside the user's activeTools: routed to tool_call, which cannot reach it.
    expect(found.r2).toMatchObject({ type: 'error', toolName: 'tool_call' });
    expect(errorOf(modelOutcomes(result), 'r2').kind).toBe('unknown_tool');
  });

  it("asks no approval for a call out of the user's activeTools, which fails as unknown_tool", async () => {
    const { tools, options } = fixture();
    const gated = {
      ...tools,
      'calendar.create_event': tool({
        description: 'Create a calendar event with a title.',
        inputSchema: z.object({ title: z.string() }),
        needsApproval: true,
        execute: async () => 'created',
      }),
    };
    const result = await run(
      kind,
      [
        {
          calls: [
            ['c1', 'tool_call', { name: 'calendar.create_event', arguments: { title: 'x' } }],
          ],
        },
        { text: 'done' },
      ],
      { tools: gated, activeTools: ['memory.save'] },
      options,
    );
    expect(result.content.some((part) => part.type === 'tool-approval-request')).toBe(false);
    expect(errorOf(outcomes(result), 'c1').kind).toBe('unknown_tool');
  });

  it("limits what the bridges reach to the user's activeTools, step by step", async () => {
    const { tools, options, log } = fixture();
    const result = await run(
      kind,
      [
        {
          calls: [
            ['s1', 'tool_search', { query: 'calendar event email messages' }],
            ['d1', 'tool_describe', { name: 'calendar.create_event' }],
            ['c1', 'tool_call', { name: 'calendar.create_event', arguments: { title: 'x' } }],
            ['c2', 'tool_call', { name: 'mail.search', arguments: { query: 'invoice' } }],
            ['c3', 'tool_call', { name: 'never.existed', arguments: {} }],
          ],
        },
        {
          calls: [
            ['c4', 'tool_call', { name: 'calendar.create_event', arguments: { title: 'y' } }],
          ],
        },
        { text: 'done' },
      ],
      {
        tools,
        activeTools: ['memory.save', 'mail.search'],
        // The second step widens the reach to the calendar.
        prepareStep: ({ stepNumber }: { stepNumber: number }) =>
          stepNumber === 1 ? { activeTools: ['calendar.create_event'] } : undefined,
      },
      options,
    );
    const found = outcomes(result);
    const searched = found.s1?.value as { results: { name: string }[] };
    expect(searched.results.map((entry) => entry.name)).toEqual(['mail__search']);
    expect(errorOf(found, 'd1').kind).toBe('unknown_tool');
    const outside = errorOf(found, 'c1');
    const neverExisted = errorOf(found, 'c3');
    expect(outside.kind).toBe('unknown_tool');
    // Out of reach reads exactly like a tool that never existed.
    const unnamed = (message: string) => message.replace(/^"[^"]*"/, '"X"');
    expect(unnamed(outside.message)).toBe(unnamed(neverExisted.message));
    expect(found.c2?.value).toEqual({ hits: ['msg about invoice'] });
    expect(found.c4?.value).toEqual({ created: 'y' });
    expect(log).toEqual(['mail.search invoice', 'create_event {"title":"y","minutes":30}']);
  });

  it('lets stopWhen see a call made through tool_call as a call of the app tool', async () => {
    const { tools, options, log } = fixture();
    const seen: unknown[] = [];
    const result = await run(
      kind,
      [
        {
          calls: [
            ['c1', 'tool_call', { name: 'calendar.create_event', arguments: { title: 'Sync' } }],
          ],
        },
        { text: 'should not be reached' },
      ],
      {
        tools,
        stopWhen: [
          isStepCount(5),
          // The name the tool has in the user's record, as below the caps.
          hasToolCall('calendar.create_event'),
          ({ steps }: { steps: { toolCalls: { toolName: string; input: unknown }[] }[] }) => {
            seen.push(steps.at(-1)?.toolCalls.map(({ toolName, input }) => ({ toolName, input })));
            return false;
          },
        ],
      },
      options,
    );
    expect(result.steps).toHaveLength(1);
    expect(log).toEqual(['create_event {"title":"Sync","minutes":30}']);
    // The validated input, defaults applied, as plain ai shows a direct call.
    expect(seen).toEqual([
      [{ toolName: 'calendar.create_event', input: { title: 'Sync', minutes: 30 } }],
    ]);
    expect(result.steps[0]?.content.find((part) => part.type === 'tool-call')).toMatchObject({
      toolName: 'calendar.create_event',
    });
  });

  it('lets a later request call a tool found in an earlier one, from the message history alone', async () => {
    const { tools, options } = fixture();
    const first = await run(
      kind,
      [
        { calls: [['s1', 'tool_search', { query: 'search email messages' }]] },
        { text: 'Found it.' },
      ],
      { tools },
      options,
    );
    // A new request (a serverless handler keeps nothing): only the messages carry the discovery.
    const later = fixture();
    const second = await run(
      kind,
      [{ calls: [['m1', 'mail__search', { query: 'invoice' }]] }, { text: 'Here it is.' }],
      {
        tools: later.tools,
        messages: [
          { role: 'user', content: 'Find the mail tool.' },
          ...first.responseMessages,
          { role: 'user', content: 'Now search my mail for the invoice.' },
        ],
      },
      options,
    );
    expect(outcomes(second).m1?.value).toEqual({ hits: ['msg about invoice'] });
    expect(later.log).toEqual(['mail.search invoice']);
    expect(second.calls[0]?.tools).toEqual(first.calls[0]?.tools);
  });

  it('with promote, advertises tools used in earlier steps after the bridges, within the caps', async () => {
    const names = (call: { tools?: unknown }) =>
      ((call.tools ?? []) as { name: string }[]).map((definition) => definition.name);
    const steps: Step[] = [
      { calls: [['c1', 'tool_call', { name: 'mail.search', arguments: { query: 'board' } }]] },
      { calls: [['c2', 'weather.forecast', { city: 'Oslo' }]] },
      { text: 'Done.' },
    ];
    const { tools, options } = fixture();
    const promoted = await run(kind, steps, { tools }, { ...options, promote: true });
    const surface = ['memory__list', 'memory__save', 'tool_search', 'tool_describe', 'tool_call'];
    expect(promoted.calls.map(names)).toEqual([
      surface,
      [...surface, 'mail__search'],
      [...surface, 'mail__search', 'weather__forecast'],
    ]);
    expect(outcomes(promoted).c2?.value).toBe('sunny in Oslo');

    const fixed = await run(kind, steps, { tools: fixture().tools }, options);
    expect(fixed.calls.map(names)).toEqual([surface, surface, surface]);

    // No room left under maxTools: nothing is promoted.
    const full = await run(
      kind,
      steps,
      { tools: fixture().tools },
      { ...options, promote: true, maxTools: 2 },
    );
    expect(full.calls.map(names)).toEqual([surface, surface, surface]);
  });

  it('asks the app for approval of its own tool, however the model called it, and never runs on denial', async () => {
    const log: string[] = [];
    const { tools, options } = fixture();
    const gated = {
      ...tools,
      'calendar.create_event': tool({
        description: 'Create a calendar event with a title.',
        inputSchema: z.object({ title: z.string() }),
        needsApproval: async ({ title }, { context }) =>
          title !== 'lunch' && (context as { strict?: boolean } | undefined)?.strict === true,
        execute: async ({ title }) => {
          log.push(title);
          return 'created';
        },
      }),
    };
    const toolsContext = { 'calendar.create_event': { strict: true } };
    const first = await run(
      kind,
      [{ calls: [['a1', 'create_event', { title: 'board' }]] }, { text: 'unused' }],
      { tools: gated, toolsContext },
      options,
    );
    const request = first.content.find((part) => part.type === 'tool-approval-request') as {
      approvalId: string;
      toolCall: { toolName: string; input: unknown };
    };
    expect(request.toolCall).toMatchObject({
      toolName: 'calendar.create_event',
      input: { title: 'board' },
    });
    expect(log).toEqual([]);

    const denied = await run(
      kind,
      [{ text: 'ok' }],
      {
        tools: gated,
        toolsContext,
        messages: [
          { role: 'user', content: 'Book it' },
          ...first.responseMessages,
          {
            role: 'tool',
            content: [
              {
                type: 'tool-approval-response',
                approvalId: request.approvalId,
                approved: false,
                reason: 'no',
              },
            ],
          },
        ],
      },
      options,
    );
    expect(log).toEqual([]);
    // The model reads the denial of the call it made, under the tool's wire name.
    expect(denied.calls[0]?.prompt).toContainEqual({
      role: 'tool',
      content: [
        expect.objectContaining({
          type: 'tool-result',
          toolName: 'calendar__create_event',
          output: { type: 'execution-denied', reason: 'no' },
        }),
      ],
    });

    const approved = await run(
      kind,
      [{ text: 'ok' }],
      {
        tools: gated,
        toolsContext,
        messages: [
          { role: 'user', content: 'Book it' },
          ...first.responseMessages,
          {
            role: 'tool',
            content: [
              { type: 'tool-approval-response', approvalId: request.approvalId, approved: true },
            ],
          },
        ],
      },
      options,
    );
    expect(approved.calls).toHaveLength(1);
    expect(log).toEqual(['board']);
  });
});

describe.each(['generateText', 'streamText'] as const)(
  'withToolDisclosure with %s, more',
  (kind) => {
    it('gives the app the final output of a streaming tool called through tool_call', async () => {
      const { tools, options } = fixture();
      const withProgress = {
        ...tools,
        'jobs.progress': tool({
          description: 'Report the progress of a job.',
          inputSchema: z.object({ steps: z.number() }),
          async *execute({ steps }) {
            for (let step = 1; step <= steps; step++) yield { step };
          },
        }),
      };
      const result = await run(
        kind,
        [
          { calls: [['p1', 'tool_call', { name: 'jobs.progress', arguments: '{"steps":3}' }]] },
          { text: 'done' },
        ],
        { tools: withProgress },
        options,
      );
      expect(outcomes(result).p1).toEqual({
        type: 'result',
        toolName: 'jobs.progress',
        value: { step: 3 },
      });
    });

    it("applies the app's approval record and function to its tool called through tool_call", async () => {
      const { tools, options, log } = fixture();
      const script: Step[] = [
        { calls: [['a1', 'tool_call', { name: 'mail.search', arguments: { query: 'q' } }]] },
        { text: 'unused' },
      ];
      const fromRecord = await run(
        kind,
        script,
        {
          tools,
          toolApproval: {
            'mail.search': (input: { query: string }) => ({
              type: 'user-approval',
              reason: `search ${input.query}?`,
            }),
          },
        },
        options,
      );
      expect(
        fromRecord.content.find((part) => part.type === 'tool-approval-request'),
      ).toMatchObject({
        reason: 'search q?',
        toolCall: { toolName: 'mail.search', input: { query: 'q' } },
      });
      const seenByFunction: unknown[] = [];
      const fromFunction = await run(
        kind,
        script,
        {
          tools,
          toolsContext: { 'mail.search': { user: 'bob' } },
          toolApproval: ({
            toolCall,
            toolsContext,
          }: {
            toolCall: { toolName: string; input: unknown };
            toolsContext: unknown;
          }) => {
            seenByFunction.push({
              toolCall: toolCall.toolName,
              input: toolCall.input,
              toolsContext,
            });
            return toolCall.toolName === 'mail.search' ? 'user-approval' : 'not-applicable';
          },
        },
        options,
      );
      // The function sees the tool and contexts under the names of the user's record, as below the caps.
      expect(seenByFunction).toEqual([
        {
          toolCall: 'mail.search',
          input: { query: 'q' },
          toolsContext: { 'mail.search': { user: 'bob' } },
        },
      ]);
      expect(fromFunction.content.some((part) => part.type === 'tool-approval-request')).toBe(true);
      expect(log).toEqual([]);
    });

    it("applies the user's refinement of the real tool to bridged and direct calls", async () => {
      const { tools, options, log } = fixture();
      await run(
        kind,
        [
          {
            calls: [
              ['f1', 'tool_call', { name: 'calendar.create_event', arguments: '{"title":" a "}' }],
              ['f2', 'create_event', { title: ' b ' }],
            ],
          },
          { text: 'done' },
        ],
        {
          tools,
          experimental_refineToolInput: {
            'calendar.create_event': (input: { title: string }) => ({
              ...input,
              title: input.title.trim(),
            }),
          },
        },
        options,
      );
      expect(log.sort()).toEqual([
        'create_event {"title":"a","minutes":30}',
        'create_event {"title":"b","minutes":30}',
      ]);
    });

    it("aborts a tool call's signal after timeoutMs, as ai's timeout.toolMs does", async () => {
      const { tools, options } = fixture();
      let signal: AbortSignal | undefined;
      const slow = {
        ...tools,
        'jobs.slow': tool({
          description: 'A job that ends only when it is told to stop.',
          inputSchema: z.object({}),
          execute: (_input, { abortSignal }) => {
            signal = abortSignal;
            return new Promise<string>((_resolve, reject) => {
              abortSignal?.addEventListener('abort', () => reject(abortSignal.reason));
            });
          },
        }),
      };
      const result = await run(
        kind,
        [{ calls: [['t1', 'jobs.slow', {}]] }, { text: 'done' }],
        { tools: slow },
        { ...options, timeoutMs: 20 },
      );
      expect(outcomes(result).t1).toMatchObject({ type: 'error', toolName: 'jobs.slow' });
      expect(signal?.aborted).toBe(true);
    });
  },
);

/** A recorded model call without the per-call abort signal. */
function strip(call: object) {
  const { abortSignal: _signal, ...rest } = call as { abortSignal?: unknown };
  return JSON.parse(JSON.stringify(rest));
}

describe('withToolDisclosure', () => {
  it("gives a ToolLoopAgent's prepareCall contexts to tool_call, also when an approval resumes", async () => {
    const contexts: unknown[] = [];
    const { tools, options } = fixture();
    const gated = {
      ...tools,
      'calendar.create_event': tool({
        description: 'Create a calendar event with a title.',
        inputSchema: z.object({ title: z.string() }),
        needsApproval: true,
        execute: async (_input, { context }) => {
          contexts.push(context);
          return 'created';
        },
      }),
    };
    const model = scriptedModel('generateText', [
      { calls: [['c1', 'create_event', { title: 'x' }]] },
      { text: 'after' },
    ]);
    const settings = await withToolDisclosure(
      {
        model,
        tools: gated,
        stopWhen: isStepCount(3),
        prepareCall: async (call: Record<string, unknown>) => ({
          ...call,
          toolsContext: { 'calendar.create_event': { user: 'u7' } },
        }),
      },
      options,
    );
    const agent = new ToolLoopAgent(settings as never);
    const first = await agent.generate({ prompt: 'Book it' });
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    expect(request).toBeDefined();
    expect(contexts).toEqual([]);
    await agent.generate({
      messages: [
        { role: 'user', content: 'Book it' },
        ...first.response.messages,
        {
          role: 'tool',
          content: [
            {
              type: 'tool-approval-response',
              approvalId: (request as { approvalId: string }).approvalId,
              approved: true,
            },
          ],
        },
      ],
    });
    expect(contexts).toEqual([{ user: 'u7' }]);
  });

  it('gives every request of the same tools record the same bridge definitions, and bridges of its own', async () => {
    const { tools, options } = fixture();
    const first = (await withToolDisclosure({ tools }, options)) as { tools: ToolSet };
    const second = (await withToolDisclosure({ tools }, options)) as { tools: ToolSet };
    // Bridges run the request's own tools, so they are the request's own objects.
    expect(second.tools.tool_call).not.toBe(first.tools.tool_call);
    for (const name of ['tool_search', 'tool_describe', 'tool_call']) {
      expect(definitionOf(second.tools, name)).toEqual(definitionOf(first.tools, name));
    }
    // ai lists, and prepares a definition of, only what is advertised, under the app's names;
    // it finds every other authorized tool by name, so it runs a deferred tool itself.
    expect(Object.keys(first.tools)).toEqual([
      'memory.list',
      'memory.save',
      'tool_search',
      'tool_describe',
      'tool_call',
    ]);
    expect(Object.hasOwn(first.tools, 'calendar.create_event')).toBe(true);
    expect(first.tools['calendar.create_event']).toBe(tools['calendar.create_event']);
    // A denied tool does not exist, in any spelling.
    for (const name of ['admin.wipe', 'admin__wipe', 'wipe']) {
      expect(Object.hasOwn(first.tools, name)).toBe(false);
    }
    // Nothing is written to the view.
    expect(() => {
      (first.tools as Record<string, unknown>)['admin.wipe'] = tools['admin.wipe'];
    }).toThrow(TypeError);
  });

  it('composes the same settings synchronously, sharing the cached catalog', async () => {
    const { tools, options } = fixture();
    const params = { tools, activeTools: ['memory.save'], toolsContext: { 'mail.search': 1 } };
    const sync = withToolDisclosureSync(params, options) as Record<string, unknown>;
    const async = (await withToolDisclosure(params, options)) as Record<string, unknown>;
    expect(Object.keys(sync)).toEqual(Object.keys(async));
    expect(Object.keys(sync.tools as ToolSet)).toEqual(Object.keys(async.tools as ToolSet));
    for (const key of ['activeTools', 'toolOrder', 'toolsContext']) {
      expect(sync[key]).toEqual(async[key]);
    }
    for (const name of ['tool_search', 'tool_describe', 'tool_call']) {
      expect(definitionOf(sync.tools as ToolSet, name)).toEqual(
        definitionOf(async.tools as ToolSet, name),
      );
    }

    const fresh = fixture();
    const first = (await withToolDisclosure({ tools: fresh.tools }, fresh.options)) as {
      tools: ToolSet;
    };
    const second = withToolDisclosureSync({ tools: fresh.tools }, fresh.options) as {
      tools: ToolSet;
    };
    expect(definitionOf(second.tools, 'tool_search')).toEqual(
      definitionOf(first.tools, 'tool_search'),
    );
    const below = { tools: fresh.tools };
    expect(withToolDisclosureSync(below, { environment: {} })).toBe(below);
  });

  it('throws AsyncSchemaError synchronously for a schema given as a promise, which withToolDisclosure awaits', async () => {
    const { tools, options } = fixture();
    const withPromise = {
      ...tools,
      'docs.lookup': tool({
        description: 'Look up a document.',
        inputSchema: jsonSchema<{ id: string }>(
          Promise.resolve({ type: 'object', properties: { id: { type: 'string' } } }),
        ),
        execute: async () => 'doc',
      }),
    };
    expect(() => withToolDisclosureSync({ tools: withPromise }, options)).toThrow(
      expect.objectContaining({ toolName: 'docs.lookup', schema: 'input' }),
    );
    const pending = withToolDisclosure({ tools: withPromise }, options);
    // A synchronous call while the asynchronous build is pending still names the schema.
    let error: unknown;
    try {
      withToolDisclosureSync({ tools: withPromise }, options);
    } catch (caught) {
      error = caught;
    }
    expect(AsyncSchemaError.isInstance(error)).toBe(true);
    const settings = (await pending) as { tools: ToolSet };
    expect(Object.keys(settings.tools)).toContain('tool_call');
    expect(Object.hasOwn(settings.tools, 'docs.lookup')).toBe(true);
  });
});
