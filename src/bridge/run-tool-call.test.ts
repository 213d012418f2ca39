import { dynamicTool, jsonSchema, type ToolExecutionOptions, type ToolSet, tool } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/v4';
import { createCatalog } from '../catalog/create-catalog.js';
import { ToolBridgeError, type ToolBridgeErrorJson } from '../error/tool-bridge-error.js';
import { createToolResolver, type ToolResolver } from './resolve-tool-name.js';
import { type RunToolCallOptions, runToolCall } from './run-tool-call.js';

const eventSchema = {
  type: 'object',
  properties: { title: { type: 'string', minLength: 1 }, minutes: { type: 'integer' } },
  required: ['title'],
  additionalProperties: false,
} as const;

async function setup(tools: ToolSet): Promise<ToolResolver> {
  const catalog = await createCatalog({ tools });
  return createToolResolver(catalog.entries);
}

const callOptions = { toolCallId: 'call-1', messages: [] };

async function failure(options: RunToolCallOptions): Promise<ToolBridgeErrorJson['error']> {
  try {
    const output = runToolCall(options);
    if (Symbol.asyncIterator in output) for await (const _ of output);
    else await output;
  } catch (error) {
    expect(ToolBridgeError.isInstance(error)).toBe(true);
    return (error as ToolBridgeError).toJSON().error;
  }
  throw new Error('expected a failure');
}

describe('runToolCall', () => {
  it('validates with the zod schema and runs execute with the call options and own context', async () => {
    const execute = vi.fn(
      async (
        input: { title: string; minutes: number },
        options: ToolExecutionOptions<unknown>,
      ) => ({
        input,
        context: options.context,
        toolCallId: options.toolCallId,
        signal: options.abortSignal instanceof AbortSignal,
      }),
    );
    const resolver = await setup({
      'calendar.create_event': tool({
        description: 'Create an event.',
        inputSchema: z.object({ title: z.string(), minutes: z.number().default(30) }),
        execute,
      }),
      'mail.send': tool({ inputSchema: z.object({}), execute: async () => 'sent' }),
    });
    const toolsContext = { calendar__create_event: { user: 'ada' }, mail__send: { user: 'bob' } };
    for (const args of ['{"title":"Board"}', { title: 'Board' }]) {
      await expect(
        runToolCall({
          resolver,
          name: 'create_event',
          arguments: args,
          options: callOptions,
          toolsContext,
        }),
      ).resolves.toEqual({
        input: { title: 'Board', minutes: 30 },
        context: { user: 'ada' },
        toolCallId: 'call-1',
        signal: true,
      });
    }
    expect(execute).toHaveBeenCalledTimes(2);
  });

  it('treats an empty string or absent arguments as {}', async () => {
    const resolver = await setup({
      ping: tool({ inputSchema: z.object({}), execute: async (input) => input }),
    });
    for (const args of ['', '  ', undefined]) {
      await expect(
        runToolCall({ resolver, name: 'ping', arguments: args, options: callOptions }),
      ).resolves.toEqual({});
    }
  });

  it('fails with unknown_tool through the resolver', async () => {
    const resolver = await setup({ ping: tool({ inputSchema: z.object({}), execute: () => 1 }) });
    const error = await failure({ resolver, name: 'nope', arguments: {}, options: callOptions });
    expect(error.kind).toBe('unknown_tool');
    expect(error.message).toContain('"nope" is not an available tool');
  });

  it('fails with invalid_arguments for bad JSON and for JSON that is not an object', async () => {
    const resolver = await setup({
      ping: tool({ inputSchema: z.object({}), execute: () => 1 }),
    });
    for (const [args, text] of [
      ['{"a":', 'not valid JSON'],
      ['[1]', 'not an array'],
      ['3', 'not a number'],
      ['null', 'not null'],
      [[1], 'not an array'],
    ] as const) {
      const error = await failure({
        resolver,
        name: 'ping',
        arguments: args,
        options: callOptions,
      });
      expect(error.kind).toBe('invalid_arguments');
      expect(error.message).toContain(text);
      expect(error.parameters).toMatchObject({ type: 'object' });
    }
  });

  it('reports zod issues and the schema, and never runs execute', async () => {
    const execute = vi.fn(() => 'done');
    const resolver = await setup({
      'calendar.create_event': tool({
        inputSchema: z.object({ title: z.string() }),
        execute,
      }),
    });
    const error = await failure({
      resolver,
      name: 'calendar.create_event',
      arguments: { title: 42 },
      options: callOptions,
    });
    expect(error.kind).toBe('invalid_arguments');
    expect(error.issues).toEqual([{ path: '/title', message: expect.stringContaining('string') }]);
    expect(error.parameters).toMatchObject({
      properties: { title: { type: 'string' } },
      required: ['title'],
    });
    expect(execute).not.toHaveBeenCalled();
  });

  it('validates jsonSchema() and MCP-style dynamic tools with their JSON Schema', async () => {
    const execute = vi.fn(async (input: unknown) => input);
    const resolver = await setup({
      'calendar.create_event': tool({ inputSchema: jsonSchema(eventSchema), execute }),
      'mail.search': dynamicTool({ inputSchema: jsonSchema(eventSchema), execute }),
    });
    for (const name of ['calendar.create_event', 'mail.search']) {
      const error = await failure({
        resolver,
        name,
        arguments: '{"title":"","minutes":1.5,"extra":true}',
        options: callOptions,
      });
      expect(error.kind).toBe('invalid_arguments');
      const issues = error.issues as { path: string; message: string }[];
      expect(issues.map((issue) => issue.path)).toEqual(
        expect.arrayContaining(['/title', '/minutes']),
      );
      expect(error.parameters).toEqual(eventSchema);
      await expect(
        runToolCall({ resolver, name, arguments: { title: 'ok' }, options: callOptions }),
      ).resolves.toEqual({ title: 'ok' });
    }
    expect(execute).toHaveBeenCalledTimes(2);
  });

  it('fails with execution_failed when the tool has no execute', async () => {
    const resolver = await setup({ client_side: tool({ inputSchema: z.object({}) }) });
    const error = await failure({
      resolver,
      name: 'client_side',
      arguments: {},
      options: callOptions,
    });
    expect(error.kind).toBe('execution_failed');
    expect(error.message).toContain('no execute function');
  });

  it('turns a thrown error into execution_failed with its message and no stack', async () => {
    const resolver = await setup({
      boom: tool({
        inputSchema: z.object({}),
        execute: async (): Promise<string> => {
          throw new Error('mailbox locked');
        },
      }),
    });
    const error = await failure({ resolver, name: 'boom', arguments: {}, options: callOptions });
    expect(error).toEqual({ kind: 'execution_failed', message: 'boom failed: mailbox locked' });
  });

  it('types an error thrown synchronously, by a plain or a streaming execute', async () => {
    const resolver = await setup({
      sync: tool({
        inputSchema: z.object({}),
        execute: (): string => {
          throw new Error('bad config');
        },
      }),
    });
    const error = await failure({ resolver, name: 'sync', arguments: {}, options: callOptions });
    expect(error).toEqual({ kind: 'execution_failed', message: 'sync failed: bad config' });

    const streaming = await setup({
      stream: tool({
        inputSchema: z.object({}),
        async *execute() {
          yield 1;
          throw new Error('lost connection');
        },
      }),
    });
    const streamError = await failure({
      resolver: streaming,
      name: 'stream',
      arguments: {},
      options: callOptions,
    });
    expect(streamError).toEqual({
      kind: 'execution_failed',
      message: 'stream failed: lost connection',
    });
  });

  it('turns an MCP isError result into execution_failed with the content', async () => {
    const content = [{ type: 'text', text: 'mailbox locked' }];
    const resolver = await setup({
      'mail.fail': dynamicTool({
        inputSchema: jsonSchema({ type: 'object', properties: {} }),
        execute: async () => ({ isError: true, content }),
      }),
    });
    const error = await failure({
      resolver,
      name: 'mail.fail',
      arguments: '{}',
      options: callOptions,
    });
    expect(error).toEqual({
      kind: 'execution_failed',
      message: 'mail__fail reported an error: mailbox locked',
      content,
    });
  });

  it('fails with timeout and aborts the real call', async () => {
    let signal: AbortSignal | undefined;
    const resolver = await setup({
      slow: tool({
        inputSchema: z.object({}),
        execute: (_input, options) => {
          signal = options.abortSignal;
          return new Promise(() => {});
        },
      }),
    });
    const error = await failure({
      resolver,
      name: 'slow',
      arguments: {},
      options: callOptions,
      timeoutMs: 20,
    });
    expect(error).toMatchObject({ kind: 'timeout', timeout_ms: 20 });
    expect(signal?.aborted).toBe(true);
  });

  it('fails with aborted for an aborted signal, before and during the call', async () => {
    const execute = vi.fn(
      (_input: unknown, options: ToolExecutionOptions<unknown>) =>
        new Promise((_, reject) => {
          options.abortSignal?.addEventListener('abort', () => reject(new Error('stopped')));
        }),
    );
    const resolver = await setup({ slow: tool({ inputSchema: z.object({}), execute }) });
    const before = new AbortController();
    before.abort();
    const early = await failure({
      resolver,
      name: 'slow',
      arguments: {},
      options: { ...callOptions, abortSignal: before.signal },
    });
    expect(early.kind).toBe('aborted');
    expect(execute).not.toHaveBeenCalled();

    const during = new AbortController();
    const pending = failure({
      resolver,
      name: 'slow',
      arguments: {},
      options: { ...callOptions, abortSignal: during.signal },
    });
    await vi.waitFor(() => expect(execute).toHaveBeenCalledTimes(1));
    during.abort();
    expect((await pending).kind).toBe('aborted');
  });

  it('re-yields the outputs of a streaming tool', async () => {
    const resolver = await setup({
      progress: tool({
        inputSchema: z.object({ steps: z.number() }),
        async *execute({ steps }) {
          for (let step = 1; step <= steps; step++) yield { step };
        },
      }),
    });
    const output = runToolCall({
      resolver,
      name: 'progress',
      arguments: '{"steps":3}',
      options: callOptions,
    });
    expect(Symbol.asyncIterator in output).toBe(true);
    const parts: unknown[] = [];
    for await (const part of output as AsyncIterable<unknown>) parts.push(part);
    expect(parts).toEqual([{ step: 1 }, { step: 2 }, { step: 3 }]);

    const invalid = await failure({
      resolver,
      name: 'progress',
      arguments: '{"steps":"x"}',
      options: callOptions,
    });
    expect(invalid.kind).toBe('invalid_arguments');
  });

  it('never reaches prototype members by name or context key', async () => {
    const resolver = await setup({
      ping: tool({
        inputSchema: z.object({}),
        execute: (_input, { context }) => context ?? 'none',
      }),
    });
    for (const name of ['__proto__', 'constructor', 'toString']) {
      expect((await failure({ resolver, name, arguments: {}, options: callOptions })).kind).toBe(
        'unknown_tool',
      );
    }
    await expect(
      runToolCall({
        resolver,
        name: 'ping',
        arguments: {},
        options: callOptions,
        toolsContext: Object.create({ ping: 'inherited' }),
      }),
    ).resolves.toBe('none');
  });
});

describe('runToolCall: bounded arguments', () => {
  const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;

  it('answers 2,000 nested brackets in arguments with invalid_arguments and max_depth, never a stack overflow', async () => {
    const execute = vi.fn(() => 'ran');
    const resolver = await setup({
      deep: tool({ inputSchema: z.object({ a: z.any() }), execute }),
      'mail.deep': dynamicTool({
        inputSchema: jsonSchema({ type: 'object', properties: { a: {} } }),
        execute,
      }),
    });
    let objectArgument: Record<string, unknown> = {};
    for (let level = 1; level < 100_000; level++) objectArgument = { a: objectArgument };
    for (const name of ['deep', 'mail.deep']) {
      for (const args of [nested(2000), '['.repeat(100_000), objectArgument]) {
        const error = await failure({ resolver, name, arguments: args, options: callOptions });
        expect(error).toMatchObject({ kind: 'invalid_arguments', max_depth: 64 });
        expect(error.message).toContain('send a flatter JSON object');
        expect(error.parameters).toMatchObject({ type: 'object' });
      }
      await expect(
        runToolCall({ resolver, name, arguments: nested(64), options: callOptions }),
      ).resolves.toBe('ran');
    }
    expect(execute).toHaveBeenCalledTimes(2);
  });

  it('answers arguments over 1 MiB, as text or as an object, with invalid_arguments and max_bytes', async () => {
    const execute = vi.fn(() => 'ran');
    const resolver = await setup({
      note: tool({ inputSchema: z.object({ text: z.string() }), execute }),
    });
    const text = 'x'.repeat(1_048_576);
    for (const args of [JSON.stringify({ text }), { text }, ` ${' '.repeat(2_000_000)} `]) {
      const error = await failure({
        resolver,
        name: 'note',
        arguments: args,
        options: callOptions,
      });
      expect(error).toMatchObject({ kind: 'invalid_arguments', max_bytes: 1_048_576 });
      expect(error.message).toContain('send less data');
    }
    expect(execute).not.toHaveBeenCalled();
  });
});

describe('runToolCall: every failure is typed', () => {
  it('answers a schema validator that throws with invalid_arguments and the thrown message as an issue', async () => {
    const execute = vi.fn(() => 'ran');
    const resolver = await setup({
      validated: tool({
        inputSchema: jsonSchema(eventSchema, {
          validate: () => {
            throw new Error('validator exploded');
          },
        }),
        execute,
      }),
      refined: tool({
        inputSchema: z.object({ title: z.string() }).refine(() => {
          throw new Error('validator exploded');
        }),
        execute,
      }),
    });
    for (const name of ['validated', 'refined']) {
      const error = await failure({
        resolver,
        name,
        arguments: { title: 'Board' },
        options: callOptions,
      });
      expect(error).toMatchObject({
        kind: 'invalid_arguments',
        issues: [{ path: '', message: 'validator exploded' }],
      });
      expect(error.parameters).toBeDefined();
    }
    expect(execute).not.toHaveBeenCalled();
  });

  it('answers a context schema that throws with execution_failed', async () => {
    const execute = vi.fn(() => 'ran');
    const resolver = await setup({
      ping: tool({
        inputSchema: z.object({}),
        contextSchema: z.object({ user: z.string() }).refine(() => {
          throw new Error('context check exploded');
        }),
        execute,
      }),
    });
    const error = await failure({
      resolver,
      name: 'ping',
      arguments: {},
      options: callOptions,
      toolsContext: { ping: { user: 'ada' } },
    });
    expect(error.kind).toBe('execution_failed');
    expect(error.message).toContain('context check exploded');
    expect(execute).not.toHaveBeenCalled();
  });

  it('answers execute throwing a circular object, a BigInt, a Symbol, undefined or an unreadable Error with execution_failed', async () => {
    const circular: Record<string, unknown> = { reason: 'loop' };
    circular.self = circular;
    const unreadable = new Error('hidden');
    Object.defineProperty(unreadable, 'message', {
      get() {
        throw new Error('no message for you');
      },
    });
    const bare = Object.assign(Object.create(null) as object, { amount: 1n });
    const cases: [unknown, string][] = [
      [circular, 'thrower failed: a value that cannot be shown as text'],
      [10n, 'thrower failed: 10'],
      [Symbol('odd'), 'thrower failed: Symbol(odd)'],
      [undefined, 'thrower failed: undefined'],
      [unreadable, 'thrower failed: Error'],
      [bare, 'thrower failed: a value that cannot be shown as text'],
    ];
    for (const [thrown, message] of cases) {
      for (const streaming of [false, true]) {
        const resolver = await setup({
          thrower: streaming
            ? tool({
                inputSchema: z.object({}),
                async *execute() {
                  yield 1;
                  throw thrown;
                },
              })
            : tool({
                inputSchema: z.object({}),
                execute: async (): Promise<string> => {
                  throw thrown;
                },
              }),
        });
        const error = await failure({
          resolver,
          name: 'thrower',
          arguments: {},
          options: callOptions,
        });
        expect(error).toEqual({ kind: 'execution_failed', message });
        expect(() => JSON.stringify(error)).not.toThrow();
      }
    }
  });

  it('answers an output that cannot be sent as JSON with execution_failed, unless the tool converts it itself', async () => {
    const circular: Record<string, unknown> = { id: 1 };
    circular.self = circular;
    for (const output of [circular, { amount: 10n }, 10n]) {
      const resolver = await setup({
        odd: tool({ inputSchema: z.object({}), execute: async () => output }),
        converted: tool({
          inputSchema: z.object({}),
          execute: async () => output,
          toModelOutput: () => ({ type: 'text', value: 'converted' }),
        }),
      });
      const error = await failure({ resolver, name: 'odd', arguments: {}, options: callOptions });
      expect(error.kind).toBe('execution_failed');
      expect(error.message).toMatch(
        /^odd returned an output that cannot be sent as JSON \(.+\)\./s,
      );
      await expect(
        runToolCall({ resolver, name: 'converted', arguments: {}, options: callOptions }),
      ).resolves.toBe(output);
    }
  });

  it('answers MCP isError content that cannot be serialized with execution_failed', async () => {
    const circular: Record<string, unknown> = { type: 'text', text: 'locked' };
    circular.self = circular;
    const resolver = await setup({
      'mail.fail': dynamicTool({
        inputSchema: jsonSchema({ type: 'object', properties: {} }),
        execute: async () => ({ isError: true, content: [circular] }),
      }),
    });
    const error = await failure({
      resolver,
      name: 'mail.fail',
      arguments: {},
      options: callOptions,
    });
    expect(error.kind).toBe('execution_failed');
    expect(error.message).toContain('mail__fail reported an error');
    expect(() => JSON.stringify(error)).not.toThrow();
  });

  it('sends MCP isError content once: the message quotes 1,000 characters of its text, the content is attached', async () => {
    const text = 'e'.repeat(5_000_000);
    const content = [{ type: 'text', text }];
    const resolver = await setup({
      'mail.fail': dynamicTool({
        inputSchema: jsonSchema({ type: 'object', properties: {} }),
        execute: async () => ({ isError: true, content }),
      }),
    });
    const error = await failure({
      resolver,
      name: 'mail.fail',
      arguments: {},
      options: callOptions,
    });
    expect(error.content).toEqual(content);
    expect(error.message).toBe(
      `mail__fail reported an error: ${'e'.repeat(1000)}… (the full content is attached)`,
    );
    expect(JSON.stringify(error).length).toBeLessThan(5_002_000);
  });
});
