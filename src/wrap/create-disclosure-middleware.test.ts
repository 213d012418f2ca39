import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { createCatalogSync } from '../catalog/create-catalog.js';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import { createAppNames } from './create-app-names.js';
import { createCallResolver } from './create-call-resolver.js';
import { createDisclosureMiddleware } from './create-disclosure-middleware.js';
import { createModelView } from './create-model-view.js';
import { createRefusedCalls } from './create-refused-calls.js';

const anyObject = jsonSchema({ type: 'object' });
const make = (description: string) => tool({ description, inputSchema: anyObject });
const tools = {
  'memory.save': make('Save a note.'),
  'mail.send': make('Send an email.'),
  'mail.list': make('List emails.'),
};
const catalog = createCatalogSync({ tools, core: ['memory.*'] });
// Above the caps: memory.save is advertised beside the bridges, the mail tools are found by search.
const disclosure = createDisclosure({ catalog, maxTools: 2, environment: {}, onWarning: () => {} });
const keyAt = new Map(catalog.entries.map((entry) => [entry.position, entry.key]));
const toolAt = (position: number) => tools[(keyAt.get(position) ?? '') as keyof typeof tools];
const names = createAppNames({ disclosure, userTools: tools, toolAt });

function middleware() {
  const view = createModelView({
    disclosure,
    names,
    resolver: createCallResolver({ disclosure, toolOf: (entry) => toolAt(entry.position) }),
    refused: createRefusedCalls(),
    emit: undefined,
    reach: undefined,
  });
  view.enterStep(undefined, []);
  return createDisclosureMiddleware(view);
}
const definition = (name: string) => ({
  type: 'function' as const,
  name,
  description: `${name}.`,
  inputSchema: { type: 'object' as const },
});

describe('createDisclosureMiddleware', () => {
  it("sends the model the advertised tools under their wire names and the bridges, not the app's others", async () => {
    const params = await middleware().transformParams?.({
      type: 'generate',
      params: {
        prompt: [{ role: 'user', content: [{ type: 'text', text: 'Send Ada a note.' }] }],
        tools: ['memory.save', 'mail.send', 'tool_search', 'tool_describe', 'tool_call'].map(
          definition,
        ),
      },
      model: undefined as never,
    } as never);
    expect(params?.tools?.map((sent) => (sent as { name: string }).name)).toEqual([
      'memory__save',
      'tool_search',
      'tool_describe',
      'tool_call',
    ]);
  });

  it("hands ai the model's call through tool_call as a call of the app's own tool", async () => {
    const result = await middleware().wrapGenerate?.({
      doGenerate: async () => ({
        content: [
          {
            type: 'tool-call',
            toolCallId: 'c1',
            toolName: 'tool_call',
            input: JSON.stringify({ name: 'mail__send', arguments: { to: 'ada' } }),
          },
          { type: 'text', text: 'Sending.' },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 },
        },
        warnings: [],
      }),
    } as never);
    expect(result?.content).toEqual([
      { type: 'tool-call', toolCallId: 'c1', toolName: 'mail.send', input: '{"to":"ada"}' },
      { type: 'text', text: 'Sending.' },
    ]);
  });
});
