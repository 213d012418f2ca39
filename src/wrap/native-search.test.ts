import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { hasToolCall, isStepCount, type LanguageModel, type ToolSet, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { generateText } from './generate-text.js';
import { nativeSearchOf, resolveNativeMode } from './native-search.js';
import { streamText } from './stream-text.js';

type Block = Record<string, unknown>;
type Body = { tools?: Block[]; messages?: unknown[] };

/** An Anthropic model whose fetch records each request body and answers with the next scripted message. */
function anthropicModel(script: Block[][], stream: boolean) {
  const bodies: string[] = [];
  const fetch = async (_url: unknown, init?: { body?: unknown }) => {
    bodies.push(String(init?.body));
    const content = script[bodies.length - 1] ?? [{ type: 'text', text: 'done' }];
    const stopReason = content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';
    const usage = { input_tokens: 10, output_tokens: 5 };
    const message = {
      id: `msg_${bodies.length}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      stop_sequence: null,
    };
    if (!stream) {
      return Response.json({ ...message, content, stop_reason: stopReason, usage });
    }
    const events: Block[] = [
      { type: 'message_start', message: { ...message, content: [], stop_reason: null, usage } },
    ];
    content.forEach((block, index) => {
      if (block.type === 'text') {
        events.push({
          type: 'content_block_start',
          index,
          content_block: { type: 'text', text: '' },
        });
        events.push({
          type: 'content_block_delta',
          index,
          delta: { type: 'text_delta', text: block.text },
        });
      } else if (block.type === 'tool_use' || block.type === 'server_tool_use') {
        events.push({
          type: 'content_block_start',
          index,
          content_block: { ...block, input: {} },
        });
        events.push({
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
        });
      } else {
        events.push({ type: 'content_block_start', index, content_block: block });
      }
      events.push({ type: 'content_block_stop', index });
    });
    events.push({
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: 5 },
    });
    events.push({ type: 'message_stop' });
    const text = events
      .map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`)
      .join('');
    return new Response(text, { headers: { 'content-type': 'text/event-stream' } });
  };
  const model = createAnthropic({ apiKey: 'test', fetch: fetch as typeof globalThis.fetch })(
    'claude-sonnet-4-5',
  );
  return { model, bodies: () => bodies.map((body) => JSON.parse(body) as Body), raw: bodies };
}

/** Step one: the model searches natively, then calls the tool the search loaded. */
function searchThenCall(toolName: string, input: unknown): Block[][] {
  return [
    [
      {
        type: 'server_tool_use',
        id: 'srvtoolu_1',
        name: 'tool_search_tool_bm25',
        input: { query: 'weather forecast' },
      },
      {
        type: 'tool_search_tool_result',
        tool_use_id: 'srvtoolu_1',
        content: {
          type: 'tool_search_tool_search_result',
          tool_references: [{ type: 'tool_reference', tool_name: toolName }],
        },
      },
      { type: 'tool_use', id: 'toolu_1', name: toolName, input },
    ],
    [{ type: 'text', text: 'done' }],
  ];
}

function fixture() {
  const ran: string[] = [];
  const tools = {
    'memory.save': tool({
      description: 'Save a note to memory.',
      inputSchema: z.object({ note: z.string() }),
      execute: async ({ note }) => `saved ${note}`,
    }),
    'weather.forecast': tool({
      description: 'Get the weather forecast for a city.',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }, { context }) => {
        ran.push(`weather.forecast ${city} ${JSON.stringify(context)}`);
        return `sunny in ${city}`;
      },
    }),
    'mail.search': tool({
      description: 'Search email messages by query.',
      inputSchema: z.object({ query: z.string() }),
      execute: async ({ query }) => [`msg about ${query}`],
    }),
    'mail.send': tool({
      description: 'Send an email.',
      inputSchema: z.object({ to: z.string() }),
      needsApproval: true,
      execute: async ({ to }) => {
        ran.push(`mail.send ${to}`);
        return 'sent';
      },
    }),
    'admin.wipe': tool({
      description: 'Wipe every account.',
      inputSchema: z.object({}),
      execute: async () => {
        ran.push('admin.wipe');
        return 'wiped';
      },
    }),
  } satisfies ToolSet;
  return { tools, ran };
}

const options = {
  mode: 'native',
  core: ['memory.*'],
  policy: { deny: ['admin.*'] },
  maxTools: 2,
  environment: {},
} as const;

async function run(
  kind: 'generateText' | 'streamText',
  model: LanguageModel,
  settings: Record<string, unknown>,
) {
  const { tools } = settings as { tools: ToolSet };
  const common = { model, tools, prompt: 'Weather in Paris?', stopWhen: isStepCount(3) };
  if (kind === 'generateText') {
    const result = await generateText({ ...common, ...settings });
    return { text: result.text, content: result.content };
  }
  const result = streamText({ ...common, ...settings });
  return { text: await result.text, content: await result.content };
}

describe.each(['generateText', 'streamText'] as const)('native mode with %s', (kind) => {
  it('sends deferred tools for Anthropic tool search, byte-identical across steps', async () => {
    const { tools, ran } = fixture();
    const scripted = anthropicModel(
      searchThenCall('weather__forecast', { city: 'Paris' }),
      kind === 'streamText',
    );
    const result = await run(kind, scripted.model, {
      tools,
      toolsContext: { 'weather.forecast': { unit: 'celsius' } },
      toolDisclosure: options,
    });
    expect(result.text).toBe('done');
    expect(ran).toEqual(['weather.forecast Paris {"unit":"celsius"}']);

    const bodies = scripted.bodies();
    expect(bodies).toHaveLength(2);
    const [first, second] = bodies.map((body) => body.tools ?? []);
    // The tools part of the body is byte-identical across steps.
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    const byName = new Map((first ?? []).map((block) => [block.name, block]));
    expect([...byName.keys()]).toEqual([
      'memory__save',
      'tool_search_tool_bm25',
      'weather__forecast',
      'mail__search',
      'mail__send',
      'tool_call',
    ]);
    // A denied tool is never sent, under any spelling.
    expect(scripted.raw.some((body) => /admin/.test(body))).toBe(false);
    expect(byName.get('memory__save')).not.toHaveProperty('defer_loading');
    expect(byName.get('tool_search_tool_bm25')).toEqual({
      type: 'tool_search_tool_bm25_20251119',
      name: 'tool_search_tool_bm25',
    });
    for (const name of ['weather__forecast', 'mail__search', 'mail__send', 'tool_call']) {
      expect(byName.get(name)).toMatchObject({ defer_loading: true });
    }
    expect(byName.get('weather__forecast')).toMatchObject({
      description: 'Get the weather forecast for a city.',
      input_schema: { properties: { city: { type: 'string' } } },
    });
    // tool_call names no tool_search of ours: the provider searches.
    expect(byName.get('tool_call')?.description).not.toMatch(/tool_search/);
    // Our own bridges for search and description are not sent: the provider searches.
    expect(byName.has('tool_search')).toBe(false);
    expect(byName.has('tool_describe')).toBe(false);
  });

  it('asks for approval before running a deferred tool that needs it', async () => {
    const { tools, ran } = fixture();
    const scripted = anthropicModel(
      searchThenCall('mail__send', { to: 'ada@example.com' }),
      kind === 'streamText',
    );
    const result = await run(kind, scripted.model, { tools, toolDisclosure: options });
    const approvals = result.content.filter((part) => part.type === 'tool-approval-request');
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({ toolCall: { toolName: 'mail.send' } });
    expect(ran).toEqual([]);
    expect(scripted.bodies()).toHaveLength(1);
  });

  it('answers a call of a denied tool as a tool that does not exist', async () => {
    const { tools, ran } = fixture();
    const scripted = anthropicModel(
      [[{ type: 'tool_use', id: 'toolu_1', name: 'admin__wipe', input: {} }]],
      kind === 'streamText',
    );
    await run(kind, scripted.model, { tools, toolDisclosure: options });
    expect(ran).toEqual([]);
    const [, second] = scripted.raw;
    expect(second).toContain('unknown_tool');
    expect(JSON.parse(second ?? '{}').tools).toEqual(JSON.parse(scripted.raw[0] ?? '{}').tools);
  });

  it('stops on a deferred tool by the name it has in the tools record', async () => {
    const { tools, ran } = fixture();
    const scripted = anthropicModel(
      searchThenCall('weather__forecast', { city: 'Rome' }),
      kind === 'streamText',
    );
    await run(kind, scripted.model, {
      tools,
      stopWhen: hasToolCall('weather.forecast'),
      toolDisclosure: options,
    });
    expect(ran).toEqual(['weather.forecast Rome undefined']);
    expect(scripted.bodies()).toHaveLength(1);
  });

  it('defers and runs tools grouped under namespaces', async () => {
    const { tools } = fixture();
    const looked: string[] = [];
    const lookup = tool({
      description: 'Look a customer up.',
      inputSchema: z.object({ email: z.string() }),
      execute: async ({ email }) => {
        looked.push(email);
        return 'found';
      },
    });
    const scripted = anthropicModel(
      searchThenCall('crm__lookup', { email: 'ada@example.com' }),
      kind === 'streamText',
    );
    await run(kind, scripted.model, {
      tools,
      toolDisclosure: { ...options, namespaces: { crm: { tools: { lookup } } } },
    });
    expect(looked).toEqual(['ada@example.com']);
    const sent = scripted.bodies()[0]?.tools ?? [];
    expect(sent.find((block) => block.name === 'crm__lookup')).toMatchObject({
      defer_loading: true,
    });
  });

  it('keeps profile pins loaded', async () => {
    const { tools } = fixture();
    const scripted = anthropicModel([], kind === 'streamText');
    await run(kind, scripted.model, {
      tools,
      toolDisclosure: { ...options, profile: 'support', profilePins: { support: ['mail.search'] } },
    });
    const sent = scripted.bodies()[0]?.tools ?? [];
    expect(sent.map((block) => [block.name, block.defer_loading ?? false])).toEqual([
      ['memory__save', false],
      ['mail__search', false],
      ['tool_search_tool_bm25', false],
      ['weather__forecast', true],
      ['mail__send', true],
      ['tool_call', true],
    ]);
  });

  it('resolves another spelling of a deferred tool through tool_call', async () => {
    const { tools, ran } = fixture();
    const scripted = anthropicModel(
      [[{ type: 'tool_use', id: 'toolu_1', name: 'weather.forecast', input: { city: 'Oslo' } }]],
      kind === 'streamText',
    );
    await run(kind, scripted.model, { tools, toolDisclosure: options });
    expect(ran).toEqual(['weather.forecast Oslo undefined']);
  });
});

describe('native mode with a provider without native search', () => {
  it('falls back to namespaces with a warning', async () => {
    const { tools } = fixture();
    const warnings: string[] = [];
    const model = new MockLanguageModelV4({
      doGenerate: {
        content: [{ type: 'text', text: 'done' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 1, text: 1, reasoning: undefined },
        },
        warnings: [],
      },
    });
    await generateText({
      model,
      tools,
      prompt: 'hi',
      toolDisclosure: { ...options, onWarning: (message) => warnings.push(message) },
    });
    expect(model.doGenerateCalls[0]?.tools?.map((item) => item.name)).toEqual([
      'memory__save',
      'tool_search',
      'tool_describe',
      'tool_call',
    ]);
    expect(warnings).toEqual([
      'mode "native" needs a provider with native tool search (anthropic, openai.responses); "mock-provider" has none, falling back to "namespaces".',
    ]);
  });

  it('reads native from TOOL_DISCLOSURE and passes other modes through', () => {
    const anthropic = createAnthropic({ apiKey: 'test' })('claude-sonnet-4-5');
    expect(nativeSearchOf(anthropic)?.searchToolName).toBe('tool_search_tool_bm25');
    expect(nativeSearchOf('anthropic/claude-sonnet-4.5')).toBeUndefined();
    const fromEnvironment = resolveNativeMode(anthropic, {
      environment: { TOOL_DISCLOSURE: 'Native' },
    });
    expect(fromEnvironment.options.mode).toBe('bridged');
    expect(fromEnvironment.native?.provider).toBe('anthropic');
    const other = resolveNativeMode(anthropic, { mode: 'compact' });
    expect(other).toEqual({ options: { mode: 'compact' }, native: undefined });
  });
});

/** An OpenAI Responses model whose fetch records each request body and answers with the next scripted output. */
function openaiModel(script: Block[][], stream: boolean) {
  const bodies: string[] = [];
  const fetch = async (_url: unknown, init?: { body?: unknown }) => {
    bodies.push(String(init?.body));
    const output = script[bodies.length - 1] ?? [textItem('done')];
    const response = {
      id: `resp_${bodies.length}`,
      object: 'response',
      created_at: 0,
      model: 'gpt-5-mini',
      status: 'completed',
      incomplete_details: null,
      usage: {
        input_tokens: 10,
        output_tokens: 5,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens_details: { reasoning_tokens: 0 },
      },
    };
    if (!stream) return Response.json({ ...response, output });
    const events: Block[] = [{ type: 'response.created', response: { ...response, output: [] } }];
    output.forEach((item, index) => {
      events.push({ type: 'response.output_item.added', output_index: index, item });
      if (item.type === 'function_call') {
        events.push({
          type: 'response.function_call_arguments.delta',
          item_id: item.id,
          output_index: index,
          delta: item.arguments,
        });
      }
      if (item.type === 'message') {
        events.push({
          type: 'response.output_text.delta',
          item_id: item.id,
          output_index: index,
          content_index: 0,
          delta: 'done',
          logprobs: [],
        });
      }
      events.push({ type: 'response.output_item.done', output_index: index, item });
    });
    events.push({ type: 'response.completed', response: { ...response, output } });
    const text = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');
    return new Response(`${text}data: [DONE]\n\n`, {
      headers: { 'content-type': 'text/event-stream' },
    });
  };
  const model = createOpenAI({ apiKey: 'test', fetch: fetch as typeof globalThis.fetch }).responses(
    'gpt-5-mini',
  );
  return { model, bodies: () => bodies.map((body) => JSON.parse(body) as Body), raw: bodies };
}

function textItem(text: string): Block {
  return {
    type: 'message',
    id: 'msg_1',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text, annotations: [] }],
  };
}

/** Step one: the server searches, then the model calls the tool the search loaded. */
function openaiSearchThenCall(toolName: string, input: unknown): Block[][] {
  return [
    [
      {
        type: 'tool_search_call',
        id: 'tsc_1',
        execution: 'server',
        call_id: null,
        status: 'completed',
        arguments: { query: 'weather forecast' },
      },
      {
        type: 'tool_search_output',
        id: 'tso_1',
        execution: 'server',
        call_id: null,
        status: 'completed',
        tools: [{ type: 'function', name: toolName }],
      },
      {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_1',
        name: toolName,
        arguments: JSON.stringify(input),
        status: 'completed',
      },
    ],
    [textItem('done')],
  ];
}

describe.each(['generateText', 'streamText'] as const)('native mode with OpenAI and %s', (kind) => {
  it('sends deferred tools for OpenAI tool search, byte-identical across steps', async () => {
    const { tools, ran } = fixture();
    const scripted = openaiModel(
      openaiSearchThenCall('weather__forecast', { city: 'Paris' }),
      kind === 'streamText',
    );
    const result = await run(kind, scripted.model, {
      tools,
      toolsContext: { 'weather.forecast': { unit: 'celsius' } },
      toolDisclosure: options,
    });
    expect(result.text).toBe('done');
    expect(ran).toEqual(['weather.forecast Paris {"unit":"celsius"}']);
    const bodies = scripted.bodies();
    expect(bodies).toHaveLength(2);
    const [first, second] = bodies.map((body) => body.tools ?? []);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(scripted.raw.some((body) => /admin/.test(body))).toBe(false);
    expect((first ?? []).map((block) => [block.type, block.name, block.defer_loading])).toEqual([
      ['function', 'memory__save', undefined],
      ['tool_search', undefined, undefined],
      ['function', 'weather__forecast', true],
      ['function', 'mail__search', true],
      ['function', 'mail__send', true],
      ['function', 'tool_call', true],
    ]); // The server's search and its result are sent back by reference in the next step.
    expect(scripted.raw[1]).toContain('{"type":"item_reference","id":"tso_1"}');
  });

  it('asks for approval before running a deferred tool that needs it', async () => {
    const { tools, ran } = fixture();
    const scripted = openaiModel(
      openaiSearchThenCall('mail__send', { to: 'ada@example.com' }),
      kind === 'streamText',
    );
    const result = await run(kind, scripted.model, { tools, toolDisclosure: options });
    const approvals = result.content.filter((part) => part.type === 'tool-approval-request');
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({ toolCall: { toolName: 'mail.send' } });
    expect(ran).toEqual([]);
  });
});

describe('native mode with an OpenAI chat model', () => {
  it('falls back to namespaces: only the Responses API has tool search', () => {
    const chat = createOpenAI({ apiKey: 'test' }).chat('gpt-5-mini');
    expect(nativeSearchOf(chat)).toBeUndefined();
    const responses = createOpenAI({ apiKey: 'test' }).responses('gpt-5-mini');
    expect(nativeSearchOf(responses)?.provider).toBe('openai');
  });
});
