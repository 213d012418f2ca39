/**
 * Tools whose names and annotations a third-party server chose, through the
 * public entry points: what a server says nothing about is not safe, and no
 * name it picks takes a request down.
 */
import { dynamicTool, jsonSchema, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolDisclosureCache } from '../cache/tool-disclosure-cache.js';
import { InvalidToolDefinitionError } from '../error/invalid-tool-definition-error.js';
import { type Call, type Kind, runScripted } from './scripted-model.case.js';

/** A tool as `@ai-sdk/mcp` builds one: dynamic, JSON Schema, `metadata.annotations` only when the server sent some. */
function serverTool(name: string, ran: string[], annotations?: Record<string, boolean>) {
  return dynamicTool({
    description: `The server's ${name}.`,
    inputSchema: jsonSchema({ type: 'object', properties: { path: { type: 'string' } } }),
    execute: async () => {
      ran.push(name);
      return `${name} done`;
    },
    ...(annotations === undefined ? {} : { metadata: { annotations } }),
  } as never);
}

function fillers(count: number, ran: string[]): ToolSet {
  const tools: ToolSet = {};
  for (let index = 0; index < count; index++)
    tools[`docs.page_${index}`] = serverTool(`page_${index}`, ran, { readOnlyHint: true });
  return tools;
}

const environments = {
  'the switch unset': {},
  'TOOL_DISCLOSURE=off': { TOOL_DISCLOSURE: 'off' },
} as const;

function approvalsOf(run: Awaited<ReturnType<typeof runScripted>>) {
  return run.content
    .filter((part) => part.type === 'tool-approval-request')
    .map((part) => (part.toolCall as { toolName: string }).toolName);
}

describe.each(['generateText', 'streamText'] as const)('server tools with %s', (kind: Kind) => {
  it.each(Object.entries(environments))(
    'asks approval under requireApprovalFor destructive for a tool that states no annotations, below and above the caps, bridged and direct (%s)',
    async (_label, environment) => {
      for (const [caps, fill] of [
        ['below', 0],
        ['above', 8],
      ] as const) {
        const ran: string[] = [];
        const tools = {
          'fs.delete_file': serverTool('delete_file', ran),
          'fs.read_file': serverTool('read_file', ran, { readOnlyHint: true }),
          ...fillers(fill, ran),
        };
        // With the switch off every tool is advertised, under the app's keys.
        const calls: Call[] =
          caps === 'below' || 'TOOL_DISCLOSURE' in environment
            ? [
                ['d1', 'fs.delete_file', { path: 'a' }],
                ['r1', 'fs.read_file', { path: 'a' }],
              ]
            : [
                ['d1', 'tool_call', { name: 'fs__delete_file', arguments: { path: 'a' } }],
                ['d2', 'fs__delete_file', { path: 'b' }],
                ['r1', 'fs__read_file', { path: 'a' }],
              ];
        const run = await runScripted(kind, [calls, []], {
          tools,
          toolDisclosure: { requireApprovalFor: ['destructive'], maxTools: 4, environment },
        });
        expect({ caps, ran }).toEqual({ caps, ran: ['read_file'] });
        expect(approvalsOf(run).every((name) => name === 'fs.delete_file')).toBe(true);
        expect(approvalsOf(run)).toHaveLength(
          caps === 'below' || 'TOOL_DISCLOSURE' in environment ? 1 : 2,
        );
      }
    },
  );

  it.each(Object.entries(environments))(
    'runs a server tool named like a bridge, or sharing a canonical id, as plain ai does below the caps (%s)',
    async (_label, environment) => {
      const ran: string[] = [];
      const warnings: string[] = [];
      const tools = {
        tool_call: serverTool('tool_call', ran),
        'memory.save': serverTool('memory.save', ran),
        memory__save: serverTool('memory__save', ran),
      };
      const run = await runScripted(
        kind,
        [
          [
            ['c1', 'tool_call', { path: 'x' }],
            ['m1', 'memory.save', {}],
            ['m2', 'memory__save', {}],
          ],
          [],
        ],
        {
          tools,
          toolDisclosure: {
            requireApprovalFor: ['read-only'],
            environment,
            // A catalog is warned about when it is built: a cache of this test's own builds it.
            cache: createToolDisclosureCache(),
            onWarning: (warning: string) => warnings.push(warning),
          },
        },
      );
      expect(run.sent[0]?.tools?.map((tool) => tool.name)).toEqual(Object.keys(tools));
      expect(ran.sort()).toEqual(['memory.save', 'memory__save', 'tool_call']);
      expect(warnings.join('\n')).toContain('"tool_call" is named like the bridge tool_call');
    },
  );

  it('keeps a request above the caps working: a tool named like a bridge is left out, a shared canonical id renamed, with warnings', async () => {
    const ran: string[] = [];
    const warnings: string[] = [];
    const tools = {
      tool_call: serverTool('tool_call', ran),
      'memory.save': serverTool('memory.save', ran),
      memory__save: serverTool('memory__save', ran),
      ...fillers(6, ran),
    };
    const settings = {
      tools,
      toolDisclosure: {
        maxTools: 3,
        environment: {},
        cache: createToolDisclosureCache(),
        onWarning: (warning: string) => warnings.push(warning),
      },
    };
    const search = await runScripted(
      kind,
      [[['s1', 'tool_search', { query: 'memory save' }]], []],
      settings,
    );
    const response = search.outcomes.s1?.value as { results: { name: string }[] } | undefined;
    const found = (response?.results ?? []).map((result) => result.name);
    expect(found).toContain('memory__save');
    const renamed = found.find((name) => name.startsWith('memory__save_'));
    expect(renamed).toBeDefined();
    expect(found).not.toContain('default__tool_call');
    const run = await runScripted(
      kind,
      [
        [
          ['m1', 'tool_call', { name: 'memory__save', arguments: {} }],
          ['m2', 'tool_call', { name: renamed, arguments: {} }],
          ['t1', 'default__tool_call', {}],
        ],
        [],
      ],
      settings,
    );
    // Each runs under the app's own key; the one named like a bridge is unknown to the model.
    expect(run.outcomes.m1).toMatchObject({ ok: true, toolName: 'memory.save' });
    expect(run.outcomes.m2).toMatchObject({ ok: true, toolName: 'memory__save' });
    expect(run.modelOutcomes.t1).toMatchObject({
      ok: false,
      value: { error: { kind: 'unknown_tool' } },
    });
    expect(ran.sort()).toEqual(['memory.save', 'memory__save']);
    expect(warnings.some((warning) => warning.includes(`the model calls it ${renamed}`))).toBe(
      true,
    );
  });

  it('with TOOL_DISCLOSURE=off, fails with the typed error of a catalog it cannot build rather than run a gated tool unasked', async () => {
    const ran: string[] = [];
    const tools = {
      'fs.delete_file': serverTool('delete_file', ran),
      'fs.broken': dynamicTool({
        description: 'A tool whose schema is no JSON Schema.',
        inputSchema: jsonSchema(42 as never),
        execute: async () => 'x',
      }),
    };
    let failure: unknown;
    try {
      await runScripted(kind, [[['d1', 'fs.delete_file', {}]], []], {
        tools,
        toolDisclosure: {
          requireApprovalFor: ['destructive'],
          environment: { TOOL_DISCLOSURE: 'off' },
        },
      });
    } catch (error) {
      failure = error;
    }
    expect(InvalidToolDefinitionError.isInstance(failure)).toBe(true);
    expect(ran).toEqual([]);
  });
});
