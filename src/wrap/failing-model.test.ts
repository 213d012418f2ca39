import { streamText } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { failingModel } from './failing-model.js';

describe('failingModel', () => {
  it('fails every call with the error, under the same provider and model id', async () => {
    const error = new Error('catalog refused');
    const model = failingModel(
      error,
      new MockLanguageModelV4({ provider: 'acme', modelId: 'm-1' }),
    );
    expect(model).toMatchObject({ provider: 'acme', modelId: 'm-1', specificationVersion: 'v4' });
    await expect(model.doGenerate({ prompt: [] } as never)).rejects.toBe(error);
    await expect(model.doStream({ prompt: [] } as never)).rejects.toBe(error);
    expect(failingModel(error, 'openai/gpt-5-mini')).toMatchObject({
      provider: 'gateway',
      modelId: 'openai/gpt-5-mini',
    });
  });

  it("makes streamText report the error inside the stream, as plain ai reports a model's failure", async () => {
    const error = new Error('catalog refused');
    const errors: unknown[] = [];
    const result = streamText({
      model: failingModel(error, new MockLanguageModelV4()),
      prompt: 'Go.',
      onError: ({ error: reported }) => {
        errors.push(reported);
      },
    });
    const parts: string[] = [];
    for await (const part of result.fullStream) parts.push(part.type);
    expect(parts).toContain('error');
    expect(errors).toEqual([error]);
  });
});
