import { type Tool, type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import type { ToolDisclosureOptions } from '../index.js';
import { type Call, type Part, runScripted } from './scripted-model.case.js';

/** Tools with MCP annotations in `metadata`, as `@ai-sdk/mcp` gives them. */
function catalog(log: string[]): ToolSet {
  const make = (name: string, description: string, annotations?: Record<string, unknown>) => {
    const made = tool({
      description,
      inputSchema: z.object({ path: z.string().optional() }),
      execute: async () => {
        log.push(name);
        return `${name} done`;
      },
    });
    return (annotations === undefined ? made : { ...made, metadata: { annotations } }) as Tool;
  };
  return {
    'files.read_file': make('files.read_file', 'Read a file.', { readOnlyHint: true }),
    'files.delete_file': make('files.delete_file', 'Delete a file.', { readOnlyHint: false }),
    'files.append_line': make('files.append_line', 'Append a line to a file.', {
      readOnlyHint: false,
      destructiveHint: false,
    }),
    'notes.add': make('notes.add', 'Add a note.'),
  };
}

const requests = (content: readonly Part[]) =>
  content.filter((part) => part.type === 'tool-approval-request');

describe.each(['generateText', 'streamText'] as const)('MCP annotations with %s', (kind) => {
  it('show the model each tool’s effect in tool_search and tool_describe, MCP defaults for missing hints', async () => {
    const run = await runScripted(
      kind,
      [
        [
          ['s1', 'tool_search', { query: 'file' }],
          ['d1', 'tool_describe', { name: 'delete_file' }],
          ['d2', 'tool_describe', { name: 'notes.add' }],
        ],
        [],
      ],
      { tools: catalog([]), toolDisclosure: { maxTools: 2, environment: {} } },
    );
    const found = run.outcomes.s1?.value as
      | { results: { name: string; effect?: string }[] }
      | undefined;
    const results = found?.results ?? [];
    const effects = Object.fromEntries(results.map((result) => [result.name, result.effect]));
    expect(effects).toMatchObject({
      files__read_file: 'read-only',
      files__append_line: 'additive',
      // readOnlyHint false without destructiveHint: MCP's default is destructive.
      files__delete_file: 'destructive',
    });
    expect(run.outcomes.d1?.value).toMatchObject({
      name: 'files__delete_file',
      effect: 'destructive',
    });
    // A tool that states no annotations shows no effect.
    expect(run.outcomes.d2?.value).not.toHaveProperty('effect');
  });

  it.each([
    ['above', { maxTools: 2 }],
    ['below', {}],
  ] as const)(
    'authorize only read-only tools with policy.effects, %s the caps',
    async (_caps, caps) => {
      const log: string[] = [];
      const options: ToolDisclosureOptions = {
        ...caps,
        environment: {},
        policy: { effects: ['read-only'] },
      };
      const run = await runScripted(
        kind,
        [
          [
            ['c1', 'tool_call', { name: 'delete_file', arguments: { path: 'a' } }],
            ['c2', 'files.read_file', { path: 'a' }],
          ],
          [],
        ],
        { tools: catalog(log), toolDisclosure: options },
      );
      expect(log).toEqual(['files.read_file']);
      for (const sent of run.sent) {
        expect(JSON.stringify(sent.tools ?? [])).not.toMatch(/delete_file|append_line|notes/);
      }
    },
  );

  it.each([
    ['above', { maxTools: 2 }],
    ['below', {}],
  ] as const)(
    'ask approval for destructive tools with requireApprovalFor, called by a bare name through tool_call or directly, %s the caps',
    async (_caps, caps) => {
      const log: string[] = [];
      const options: ToolDisclosureOptions = {
        ...caps,
        environment: {},
        requireApprovalFor: ['destructive'],
      };
      const tools = catalog(log);
      const call =
        'maxTools' in caps
          ? (['c1', 'tool_call', { name: 'delete_file', arguments: { path: 'a' } }] as const)
          : (['c1', 'files.delete_file', { path: 'a' }] as const);
      const run = await runScripted(
        kind,
        [[[...call], ['c2', 'files.read_file', { path: 'a' }]], []],
        { tools, toolDisclosure: options },
      );
      expect(requests(run.content)).toHaveLength(1);
      // A read-only tool needs no approval and runs.
      expect(log).toEqual(['files.read_file']);

      // The app's own word wins: a tool that says it needs no approval runs.
      const own = {
        ...tools,
        'files.delete_file': { ...tools['files.delete_file'], needsApproval: false },
      };
      const second = await runScripted(kind, [[[...call]], []], {
        tools: own as ToolSet,
        toolDisclosure: options,
      });
      expect(requests(second.content)).toHaveLength(0);
      expect(log).toContain('files.delete_file');
    },
  );

  it('see a hint changed inside the same annotations object on the next request', async () => {
    const log: string[] = [];
    const annotations = { readOnlyHint: true };
    const tools: ToolSet = {
      ...catalog(log),
      'files.purge': {
        ...tool({
          description: 'Purge files.',
          inputSchema: z.object({}),
          execute: async () => {
            log.push('files.purge');
            return 'purged';
          },
        }),
        metadata: { annotations },
      } as Tool,
    };
    const options: ToolDisclosureOptions = {
      maxTools: 0,
      environment: {},
      policy: { effects: ['read-only'] },
    };
    const call: Call[][] = [[['p1', 'tool_call', { name: 'files.purge', arguments: {} }]], []];
    await runScripted(kind, call, { tools, toolDisclosure: options });
    expect(log).toEqual(['files.purge']);
    // The app learns the tool is destructive and says so, in place.
    annotations.readOnlyHint = false;
    await runScripted(kind, call, { tools, toolDisclosure: options });
    expect(log).toEqual(['files.purge']);
  });

  it('refuses an effect that does not exist when the settings are wrapped', async () => {
    await expect(
      runScripted(kind, [[]], {
        tools: catalog([]),
        toolDisclosure: { environment: {}, requireApprovalFor: ['dangerous' as never] },
      }),
    ).rejects.toThrow(/requireApprovalFor.*read-only, additive, destructive, unknown/);
  });
});
