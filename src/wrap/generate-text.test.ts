import {
  type streamText as aiStreamText,
  isStepCount,
  jsonSchema,
  type OutputInterface,
  streamText as plainStreamText,
  type StreamTextResult,
  type ToolSet,
  tool,
} from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod/v4';
import { AsyncSchemaError } from '../error/async-schema-error.js';
import { generateText } from './generate-text.js';
import { streamText } from './stream-text.js';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function manyTools() {
  const ran: string[] = [];
  const tools = Object.fromEntries(
    ['alpha', 'beta', 'gamma', 'delta'].map((service) => [
      `${service}.run`,
      tool({
        description: `Run the ${service} job.`,
        inputSchema: z.object({ size: z.number() }),
        execute: async ({ size }) => {
          ran.push(`${service} ${size}`);
          return `${service} ran with ${size}`;
        },
      }),
    ]),
  );
  return { tools, ran };
}

const toolCall = {
  type: 'tool-call' as const,
  toolCallId: 'c1',
  toolName: 'tool_call',
  input: JSON.stringify({ name: 'gamma.run', arguments: '{"size":3}' }),
};

describe('generateText and streamText with toolDisclosure', () => {
  it('generateText applies the disclosure and keeps the result type', async () => {
    const { tools, ran } = manyTools();
    const model = new MockLanguageModelV4({
      doGenerate: [
        {
          content: [toolCall],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        },
        {
          content: [{ type: 'text', text: 'done' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        },
      ],
    });
    const result = await generateText({
      model,
      tools,
      prompt: 'Run gamma',
      stopWhen: isStepCount(3),
      toolDisclosure: { maxTools: 2, environment: {} },
    });
    expectTypeOf(result.text).toEqualTypeOf<string>();
    expect(result.text).toBe('done');
    expect(ran).toEqual(['gamma 3']);
    expect(model.doGenerateCalls[0]?.tools?.map((item) => item.name)).toEqual([
      'tool_search',
      'tool_describe',
      'tool_call',
    ]);
  });

  it("streamText has the signature of ai's and applies the disclosure", async () => {
    const { tools, ran } = manyTools();
    const model = new MockLanguageModelV4({
      doStream: [
        {
          stream: convertArrayToReadableStream([
            { type: 'stream-start', warnings: [] },
            toolCall,
            { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
          ]),
        },
        {
          stream: convertArrayToReadableStream([
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: 'done' },
            { type: 'text-end', id: 't' },
            { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
          ]),
        },
      ],
    });
    const result = streamText({
      model,
      tools,
      prompt: 'Run gamma',
      stopWhen: isStepCount(3),
      toolDisclosure: { maxTools: 2, environment: {} },
    });
    expectTypeOf<ReturnType<typeof streamText>>().toEqualTypeOf<ReturnType<typeof aiStreamText>>();
    expectTypeOf<ReturnType<typeof streamText<ToolSet>>>().toEqualTypeOf<
      StreamTextResult<ToolSet, Record<string, unknown>, OutputInterface<string, string, never>>
    >();
    expect(result).not.toBeInstanceOf(Promise);
    expect(await result.text).toBe('done');
    expect(ran).toEqual(['gamma 3']);
    expect(model.doStreamCalls[1]?.tools?.map((item) => item.name)).toEqual([
      'tool_search',
      'tool_describe',
      'tool_call',
    ]);
  });

  it('streamText throws AsyncSchemaError at the call for a schema given as a promise', () => {
    const tools = {
      lookup: tool({
        inputSchema: jsonSchema<{ id: string }>(
          Promise.resolve({ type: 'object', properties: {} }),
        ),
        execute: async () => 'doc',
      }),
    };
    const model = new MockLanguageModelV4({});
    expect(() => streamText({ model, tools, prompt: 'Look it up' })).toThrow(AsyncSchemaError);
  });

  it('streamText reports a description function that throws in the stream, as plain ai does', async () => {
    const tools = {
      ...manyTools().tools,
      lookup: tool({
        description: () => {
          throw new Error('no description today');
        },
        inputSchema: z.object({}),
        execute: async () => 'doc',
      }),
    };
    const outcome = async (run: typeof plainStreamText) => {
      const model = new MockLanguageModelV4({});
      const errors: string[] = [];
      const result = run({
        model,
        tools,
        prompt: 'Look it up',
        onError: ({ error }) => {
          errors.push((error as Error).message);
        },
      });
      const parts: string[] = [];
      for await (const part of result.fullStream) parts.push(part.type);
      const text = await result.text.then(
        () => 'resolved',
        (error: Error) => error.name,
      );
      return { errors, parts, text, modelCalls: model.doStreamCalls.length };
    };
    const ours = await outcome(streamText as typeof plainStreamText);
    expect(ours).toEqual(await outcome(plainStreamText));
    expect(ours).toMatchObject({ errors: ['no description today'], modelCalls: 0 });
  });
});
