import {
  generateText as aiGenerateText,
  streamText as aiStreamText,
  isStepCount,
  jsonSchema,
  type ToolSet,
  tool,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import {
  generateText,
  streamText,
  type ToolDisclosureOptions,
  withToolDisclosureSync,
} from '../index.js';
import { type Call, type Kind, runScripted, scriptedModel } from './scripted-model.case.js';

// Issue 11, finding 5 and "same keys everywhere": below the caps, settings keyed or listed by
// any spelling of a tool (record key, canonical id, wire name) reach that tool, as above them.

/** One request through the package's generateText / streamText; the model then answers 'done'. */
async function request(
  kind: Kind,
  steps: readonly Call[][],
  params: Record<string, unknown>,
  toolDisclosure: ToolDisclosureOptions,
) {
  const result = await runScripted(kind, [...steps, []], {
    toolDisclosure: { environment: {}, ...toolDisclosure },
    ...params,
  });
  return {
    content: result.finalContent,
    responseMessages: result.responseMessages,
    offered: (result.sent[0]?.tools ?? []).map((item) => item.name),
  };
}

/** The mail tools, laid out three ways: the SDK knows `mail.send` as `sdkName` below the caps. */
function mailLayout(layout: Layout, ran: unknown[]) {
  const send = tool({
    description: 'Send an email message.',
    inputSchema: z.object({ to: z.string() }),
    ...(layout === 'record key in a namespace from metadata'
      ? { metadata: { namespace: 'mail' } }
      : {}),
    execute: async ({ to }, { context }) => {
      ran.push({ to, context });
      return `sent to ${to}`;
    },
  });
  const search = tool({
    description: 'Search email messages.',
    inputSchema: z.object({ query: z.string() }),
    ...(layout === 'record key in a namespace from metadata'
      ? { metadata: { namespace: 'mail' } }
      : {}),
    execute: async () => [],
  });
  const others: ToolSet = {
    'calendar.create_event': tool({
      description: 'Create a calendar event with a title.',
      inputSchema: z.object({ title: z.string() }),
      execute: async () => 'created',
    }),
    'weather.forecast': tool({
      description: 'Get the weather forecast for a city.',
      inputSchema: z.object({ city: z.string() }),
      execute: async () => 'sunny',
    }),
    'notes.add': tool({
      description: 'Add a note.',
      inputSchema: z.object({ text: z.string() }),
      execute: async () => 'noted',
    }),
  };
  switch (layout) {
    case 'canonical id as record key':
      return {
        sdkName: 'mail.send',
        spellings: ['mail.send', 'mail__send'],
        tools: { ...others, 'mail.send': send, 'mail.search': search },
        namespaces: undefined,
      };
    case 'record key in a namespace from metadata':
      return {
        sdkName: 'send',
        spellings: ['mail.send', 'mail__send'],
        tools: { ...others, send, search },
        namespaces: undefined,
      };
    case 'record key in a namespaces group':
      return {
        sdkName: 'mail__send',
        spellings: ['send', 'mail.send'],
        tools: others,
        namespaces: { mail: { description: 'Email.', tools: { send, search } } },
      };
  }
}

type Layout =
  | 'canonical id as record key'
  | 'record key in a namespace from metadata'
  | 'record key in a namespaces group';

const layouts: Layout[] = [
  'canonical id as record key',
  'record key in a namespace from metadata',
  'record key in a namespaces group',
];

describe.each(['generateText', 'streamText'] as const)(
  "SPEC §8 invariant: every spelling of a tool's name means the same tool, below the caps as above (%s)",
  (kind) => {
    it.each(layouts)(
      'applies an approval and a context keyed by any spelling of a tool below the caps, exactly as above them (%s)',
      async (layout) => {
        const surfaces = [
          // Five authorized tools over maxTools 2: deferred.
          ['above the caps', undefined],
          // A narrower policy brings the same catalog below the caps.
          ['below the caps', { allow: ['mail.*'] }],
        ] as const;
        for (const spelling of mailLayout(layout, []).spellings) {
          for (const [surface, policy] of surfaces) {
            const label = `${surface}, keyed by ${spelling}`;
            const ran: unknown[] = [];
            const { sdkName, tools, namespaces } = mailLayout(layout, ran);
            const options = { maxTools: 2, policy, namespaces };
            const params = {
              tools,
              toolApproval: { [spelling]: 'user-approval' },
              toolsContext: { [spelling]: { user: 'ada' } },
            };
            const call: Call =
              surface === 'below the caps'
                ? ['m1', sdkName, { to: 'bo' }]
                : ['m1', 'tool_call', { name: 'mail.send', arguments: { to: 'bo' } }];
            const first = await request(kind, [[call]], params, options);
            expect(first.offered.includes('tool_search'), label).toBe(surface === 'above the caps');
            const approvals = first.content.filter((part) => part.type === 'tool-approval-request');
            expect(approvals, label).toHaveLength(1);
            expect(ran, label).toEqual([]);

            const { approvalId } = approvals[0] as { approvalId: string };
            await request(
              kind,
              [],
              {
                ...params,
                messages: [
                  { role: 'user', content: 'Send it.' },
                  ...first.responseMessages,
                  {
                    role: 'tool',
                    content: [{ type: 'tool-approval-response', approvalId, approved: true }],
                  },
                ],
              },
              options,
            );
            expect(ran, label).toEqual([{ to: 'bo', context: { user: 'ada' } }]);
          }
        }
      },
    );

    it.each(layouts)(
      'offers the tools activeTools and toolOrder name by any spelling below the caps, in that order (%s)',
      async (layout) => {
        const { sdkName, spellings, tools, namespaces } = mailLayout(layout, []);
        for (const spelling of spellings) {
          const { offered } = await request(
            kind,
            [],
            {
              tools,
              activeTools: [spelling, 'weather__forecast'],
              toolOrder: ['weather__forecast', spelling],
            },
            { maxTools: 20, namespaces },
          );
          expect(offered, spelling).toEqual(['weather.forecast', sdkName]);
        }
      },
    );
  },
);

describe('composeFlatParams', () => {
  it('returns the params object itself below the caps when every setting is keyed by the record key and nothing is denied', () => {
    const { tools } = mailLayout('record key in a namespace from metadata', []);
    const params = {
      tools,
      prompt: 'Help me.',
      toolApproval: { send: 'user-approval' as const },
      toolsContext: { send: { user: 'ada' } },
      activeTools: ['send', 'search'],
      toolOrder: ['search', 'send'],
      experimental_refineToolInput: { send: (input: unknown) => input },
    };
    expect(withToolDisclosureSync(params, { maxTools: 20, environment: {} })).toBe(params);
  });

  it('keeps a setting keyed by the record key as it is while renaming another spelling or removing a denied tool', () => {
    const { tools } = mailLayout('record key in a namespace from metadata', []);
    const toolApproval = { send: 'user-approval' as const };
    const activeTools = ['send', 'weather.forecast'];
    const params = {
      tools,
      prompt: 'Help me.',
      toolApproval,
      activeTools,
      toolsContext: { 'mail.send': { user: 'ada' }, 'weather.forecast': { unit: 'C' } },
    };
    const renamed = withToolDisclosureSync(params, { maxTools: 20, environment: {} });
    expect(renamed).not.toBe(params);
    expect(renamed.tools).toBe(tools);
    expect(renamed.toolApproval).toBe(toolApproval);
    expect(renamed.activeTools).toBe(activeTools);
    expect(renamed.toolsContext).toEqual({
      send: { user: 'ada' },
      'weather.forecast': { unit: 'C' },
    });

    const denied = withToolDisclosureSync(
      { ...params, toolsContext: { send: { user: 'ada' } } },
      { maxTools: 20, environment: {}, policy: { deny: ['notes.*'] } },
    );
    expect(Object.keys(denied.tools ?? {})).not.toContain('notes.add');
    expect(denied.toolApproval).toBe(toolApproval);
    expect(denied.activeTools).toBe(activeTools);
  });
});

describe('SPEC §8 invariant: below the caps, anything plain ai accepts works', () => {
  it.each(['generateText', 'streamText'] as const)(
    'sends the model exactly what plain ai sends, with tools whose schemas are {}, untyped or anyOf (%s)',
    async (kind) => {
      const odd = (schema: Record<string, unknown>) =>
        tool({
          description: 'An odd tool.',
          inputSchema: jsonSchema(schema),
          execute: async () => 'ok',
        });
      const tools: ToolSet = {
        empty: odd({}),
        untyped: odd({ properties: { q: { type: 'string' } } }),
        either: odd({ anyOf: [{ type: 'object' }, { type: 'null' }] }),
      };
      const calls: Call[][] = [
        [
          ['e1', 'empty', {}],
          ['e2', 'either', { q: 1 }],
        ],
      ];
      const sent = async (wrapped: boolean) => {
        const model = scriptedModel(kind, [...calls, []]);
        const settings = { model, tools, prompt: 'Help me.', stopWhen: isStepCount(2) };
        const run = wrapped
          ? kind === 'generateText'
            ? generateText({ ...settings, toolDisclosure: { environment: {} } })
            : streamText({ ...settings, toolDisclosure: { environment: {} } }).consumeStream()
          : kind === 'generateText'
            ? aiGenerateText(settings)
            : aiStreamText(settings).consumeStream();
        await run;
        const recorded = kind === 'generateText' ? model.doGenerateCalls : model.doStreamCalls;
        return JSON.stringify(
          recorded.map(({ prompt, tools: sentTools }) => ({ prompt, sentTools })),
        );
      };
      expect(await sent(true)).toBe(await sent(false));
    },
  );
});
