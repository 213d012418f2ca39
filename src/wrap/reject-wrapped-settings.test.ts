import { jsonSchema, type ToolSet, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { SettingsAlreadyWrappedError } from '../error/settings-already-wrapped-error.js';
import { generateText, streamText } from '../index.js';
import { rejectWrappedSettings } from './reject-wrapped-settings.js';
import { withToolDisclosure, withToolDisclosureSync } from './with-tool-disclosure.js';

/** `count` tools over four namespaces: above the default cap of 32 tools from 33. */
function manyTools(count: number): ToolSet {
  return Object.fromEntries(
    Array.from({ length: count }, (_, index) => [
      `ns${index % 4}.tool${index}`,
      tool({
        description: `Tool number ${index}.`,
        inputSchema: jsonSchema({ type: 'object' }),
        execute: async () => 'done',
      }),
    ]),
  );
}

const options = { environment: {}, onWarning: () => {} };
const alreadyWrapped = /^These settings are already wrapped by tool-disclosure \(/;

describe('rejectWrappedSettings', () => {
  it('throws for tools holding a bridge the wrapper made, and for a model it wrapped', () => {
    const model = new MockLanguageModelV4();
    const wrapped = withToolDisclosureSync({ model, tools: manyTools(40), prompt: 'Go.' }, options);
    const bridgesOnly = { tools: { tool_search: wrapped.tools?.tool_search } } as never;
    expect(() => rejectWrappedSettings(bridgesOnly)).toThrow(
      expect.objectContaining({ sign: 'bridge-tools' }),
    );
    expect(() => rejectWrappedSettings({ model: wrapped.model, prompt: 'Go.' } as never)).toThrow(
      expect.objectContaining({ sign: 'wrapped-model' }),
    );
  });

  it("passes the app's own settings, a tool of its own named tool_search included", () => {
    const ownSearch = tool({
      description: 'Search the wiki.',
      inputSchema: jsonSchema({ type: 'object' }),
      execute: async () => [],
    });
    const settings = {
      model: new MockLanguageModelV4(),
      tools: { ...manyTools(3), tool_search: ownSearch },
      prompt: 'Go.',
    };
    expect(() => rejectWrappedSettings(settings)).not.toThrow();
    expect(() => rejectWrappedSettings({ model: 'openai/gpt-5-mini' })).not.toThrow();
  });
});

describe('wrapping settings twice', () => {
  it('fails with SettingsAlreadyWrappedError, whatever wraps them the second time, above the caps', async () => {
    const model = new MockLanguageModelV4();
    const once = await withToolDisclosure({ model, tools: manyTools(40), prompt: 'Go.' }, options);
    const attempts: (() => unknown)[] = [
      () => withToolDisclosureSync(once, options),
      () => withToolDisclosure(once, options),
      () => generateText({ ...once, toolDisclosure: options }),
      () => streamText({ ...once, toolDisclosure: options }),
    ];
    for (const attempt of attempts) {
      const error = await Promise.resolve()
        .then(attempt)
        .catch((thrown: unknown) => thrown);
      expect(SettingsAlreadyWrappedError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(alreadyWrapped);
      expect((error as Error).message).not.toContain('reserved');
    }
    // Nothing ran: the model was never called.
    expect(model.doGenerateCalls).toEqual([]);
  });

  it('leaves settings below the caps, which come back with the tools as they were, wrappable again', () => {
    const model = new MockLanguageModelV4();
    const once = withToolDisclosureSync({ model, tools: manyTools(5), prompt: 'Go.' }, options);
    const twice = withToolDisclosureSync(once, options);
    expect(Object.keys(twice.tools ?? {})).toEqual(Object.keys(once.tools ?? {}));
  });
});
