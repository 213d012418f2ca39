import type { LanguageModelMiddleware } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { isWrappedModel, wrapModel } from './wrap-model.js';

/** A middleware that notes each call it sees. */
function notingMiddleware(seen: string[]): LanguageModelMiddleware {
  return {
    specificationVersion: 'v4',
    transformParams: async ({ params }) => {
      seen.push('transformed');
      return params;
    },
  } as LanguageModelMiddleware;
}

const globals = globalThis as { AI_SDK_DEFAULT_PROVIDER?: unknown };
const provider = globals.AI_SDK_DEFAULT_PROVIDER;

describe('wrapModel', () => {
  afterEach(() => {
    globals.AI_SDK_DEFAULT_PROVIDER = provider;
  });

  it('applies the middleware to a model object, and knows the model it made', async () => {
    const seen: string[] = [];
    const model = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [{ type: 'text', text: 'ok' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 },
        },
        warnings: [],
      }),
    });
    const wrapped = wrapModel(model, notingMiddleware(seen));
    expect(isWrappedModel(wrapped)).toBe(true);
    expect(isWrappedModel(model)).toBe(false);
    if (typeof wrapped === 'string') throw new Error('a model object was expected');
    await (wrapped as MockLanguageModelV4).doGenerate({ prompt: [] } as never);
    expect(seen).toEqual(['transformed']);
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('hands back a model it made as it is, so a model passed back is not wrapped twice', () => {
    const wrapped = wrapModel(new MockLanguageModelV4(), notingMiddleware([]));
    expect(wrapModel(wrapped, notingMiddleware([]))).toBe(wrapped);
  });

  it('resolves a model id with the global default provider, as ai does', () => {
    const asked: string[] = [];
    globals.AI_SDK_DEFAULT_PROVIDER = {
      languageModel: (id: string) => {
        asked.push(id);
        return new MockLanguageModelV4({ modelId: id });
      },
    };
    const wrapped = wrapModel('acme/model-1', notingMiddleware([]));
    expect(asked).toEqual(['acme/model-1']);
    expect((wrapped as MockLanguageModelV4).modelId).toBe('acme/model-1');
    expect(isWrappedModel('acme/model-1')).toBe(false);
  });
});
