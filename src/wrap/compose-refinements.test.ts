import { type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { type Call, type Kind, type Part, runScripted } from './scripted-model.case.js';
import type { ToolDisclosureOptions } from './with-tool-disclosure.js';

/**
 * Runs the script through the library's generateText, or streamText read to
 * its end (an error part of the stream fails the run); what the model was sent
 * and every step's content.
 */
const run = (
  kind: Kind,
  steps: Call[][],
  settings: Record<string, unknown>,
  toolDisclosure: ToolDisclosureOptions,
) => runScripted(kind, steps, { ...settings, toolDisclosure });

/** The typed error the model received for a call. */
function typedErrorOf(content: Part[], id: string) {
  const part = content.find((item) => item.type === 'tool-error' && item.toolCallId === id);
  expect(part, `a tool error for ${id}`).toBeDefined();
  const error = (part as { error: Error }).error;
  return JSON.parse(error.message).error as Record<string, unknown>;
}

function catalog(log: string[]) {
  const simple = (name: string) =>
    tool({
      description: `The ${name} tool.`,
      inputSchema: z.object({ text: z.string() }),
      execute: async () => {
        log.push(name);
        return name;
      },
    });
  return {
    'mail.send': simple('mail.send'),
    'sms.send': simple('sms.send'),
    'notes.add': simple('notes.add'),
    'weather.forecast': simple('weather.forecast'),
  } satisfies ToolSet;
}

const options: ToolDisclosureOptions = { maxTools: 2, environment: {} };

/** JSON text of an object nested `depth` levels: `{"a":{"a":…1…}}`. */
const nestedText = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

// Deep enough to overflow the stack of anything recursive that meets the parsed value.
const DEPTH = 10_000;
const brackets = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepText = nestedText(DEPTH);
const tooLarge = JSON.stringify({ text: 'x'.repeat(1_100_000) });

describe.each(['generateText', 'streamText'] as const)('model input with %s', (kind) => {
  it('answers arguments nested 10,000 levels deep with invalid_arguments (max_depth), and the run completes', async () => {
    const log: string[] = [];
    const result = await run(
      kind,
      [
        [
          // As a string of JSON text, as a JSON value, and as a direct call's input.
          ['n1', 'tool_call', { name: 'notes.add', arguments: brackets }],
          ['n2', 'tool_call', { name: 'notes.add', arguments: deepText }],
          ['n3', 'tool_call', `{"name":"notes.add","arguments":${deepText}}`],
          ['n4', 'notes.add', deepText],
          ['n5', 'notes__add', brackets],
        ],
        [],
      ],
      { tools: catalog(log) },
      options,
    );
    for (const id of ['n1', 'n2', 'n3', 'n4', 'n5']) {
      expect(typedErrorOf(result.content, id)).toMatchObject({
        kind: 'invalid_arguments',
        max_depth: 64,
      });
    }
    expect(log).toEqual([]);
    expect(result.sent).toHaveLength(2);
  });

  it('answers arguments over 1 MiB with invalid_arguments (max_bytes), and the run completes', async () => {
    const log: string[] = [];
    const result = await run(
      kind,
      [
        [
          ['b1', 'tool_call', { name: 'notes.add', arguments: tooLarge }],
          ['b2', 'tool_call', { name: 'notes.add', arguments: JSON.parse(tooLarge) }],
          ['b3', 'notes.add', tooLarge],
        ],
        [],
      ],
      { tools: catalog(log) },
      options,
    );
    for (const id of ['b1', 'b2', 'b3']) {
      expect(typedErrorOf(result.content, id)).toMatchObject({
        kind: 'invalid_arguments',
        max_bytes: 1_048_576,
      });
    }
    expect(log).toEqual([]);
    expect(result.sent).toHaveLength(2);
  });
});

/** Every spelling of the tools outside a reach of sms.send, and their namespaces. */
const outsideReach = /mail|notes|weather|forecast/;

const reaches = {
  'activeTools in the settings': { activeTools: ['sms.send'] },
  'activeTools from prepareStep': { prepareStep: () => ({ activeTools: ['sms.send'] }) },
};

describe.each(['generateText', 'streamText'] as const)('the reach of %s', (kind) => {
  describe.each(Object.entries(reaches))('set by %s', (_label, reach) => {
    // The model names tools only by words that do not name one outside the reach by themselves.
    const calls: Call[] = [
      ['u1', 'tool_call', { name: 'send', arguments: { text: 'a' } }],
      ['u2', 'tool_call', { name: 'SEND', arguments: { text: 'a' } }],
      ['u3', 'send', { text: 'a' }],
      ['u4', 'tool_describe', { name: 'send' }],
      ['u5', 'tool_call', { name: 'sendx', arguments: { text: 'a' } }],
      ['u6', 'tool_call', { name: 'ADD', arguments: { text: 'a' } }],
      ['u7', 'FORECAST', { text: 'a' }],
      ['u8', 'tool_describe', { name: 'ADD' }],
      ['u9', 'tool_search', { query: 'send' }],
    ];

    it('never names a tool outside the reach to the model: not in the tool_search description, errors or history', async () => {
      const log: string[] = [];
      const result = await run(kind, [calls, []], { tools: catalog(log), ...reach }, options);
      const sentTools = (result.sent[0]?.tools ?? []) as { name: string; description?: string }[];
      const toolSearch = sentTools.find((item) => item.name === 'tool_search');
      expect(toolSearch?.description).toContain('sms__send');
      for (const { tools, prompt } of result.sent) {
        expect(JSON.stringify(tools)).not.toMatch(outsideReach);
        expect(JSON.stringify(prompt)).not.toMatch(outsideReach);
      }
      for (const id of ['u5', 'u6', 'u7', 'u8']) {
        expect(typedErrorOf(result.content, id).kind).toBe('unknown_tool');
      }
      expect(log.every((name) => name === 'sms.send')).toBe(true);
    });
  });
});
