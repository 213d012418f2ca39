/**
 * Approval rules (a tool's own needsApproval, a toolApproval record,
 * requireApprovalFor over MCP annotations), an agent's `prepareCall`, and an
 * `onEvent` that fails, through the public API only. Each test is named after
 * the behaviour it guarantees.
 */
import { isStepCount, type Tool, ToolLoopAgent, type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { withToolDisclosureSync } from '../index.js';
import { type Call, type Part, runScripted, scriptedModel } from './scripted-model.case.js';

const above = { maxTools: 2, environment: {} };
const below = { environment: {} };

/** Four tools; `wire.transfer` needs approval by itself. Each records what ran in `log`. */
function bankTools(log: string[]) {
  const make = (name: string, needsApproval: boolean) =>
    tool({
      description: `Bank operation ${name}.`,
      inputSchema: z.object({ amount: z.number() }),
      needsApproval,
      execute: async () => {
        log.push(name);
        return `${name} done`;
      },
    });
  return {
    'wire.transfer': make('wire.transfer', true),
    'wire.status': make('wire.status', false),
    'notes.add': make('notes.add', false),
    'notes.list': make('notes.list', false),
  } satisfies ToolSet;
}

const asked = (content: readonly Part[]) =>
  content.filter((part) => part.type === 'tool-approval-request').length;

async function runAgent<TOOLS extends ToolSet>(
  kind: 'generateText' | 'streamText',
  agent: ToolLoopAgent<never, TOOLS>,
) {
  if (kind === 'generateText') return (await agent.generate({ prompt: 'Go.' })).content as Part[];
  const streamed = await agent.stream({ prompt: 'Go.' });
  for await (const _part of streamed.fullStream);
  return (await streamed.steps).flatMap((step) => step.content) as Part[];
}

describe.each(['generateText', 'streamText'] as const)(
  'approval rules, agents and onEvent with %s',
  (kind) => {
    it("keeps a tool's own needsApproval when a toolApproval record names it with undefined or null, as ai does", async () => {
      const calls: [object, Call][] = [
        [below, ['t1', 'wire.transfer', { amount: 5 }]],
        [above, ['t1', 'wire__transfer', { amount: 5 }]],
        [above, ['t1', 'tool_call', { name: 'wire.transfer', arguments: { amount: 5 } }]],
      ];
      for (const [toolDisclosure, call] of calls) {
        for (const rule of [undefined, null]) {
          const log: string[] = [];
          const run = await runScripted(kind, [[call], []], {
            tools: bankTools(log),
            toolApproval: { 'wire.transfer': rule } as never,
            toolDisclosure,
          });
          expect({ call: call[1], rule, asked: asked(run.content), log }).toEqual({
            call: call[1],
            rule,
            asked: 1,
            log: [],
          });
        }
      }
    });

    it("shows an agent's prepareCall the settings the app wrote, and gates a bridged call it passes back unchanged", async () => {
      const seen: { tools: string[]; approval: unknown }[] = [];
      const log: string[] = [];
      const approval = { 'wire.status': 'user-approval' } as const;
      const settings = withToolDisclosureSync(
        {
          model: scriptedModel(kind, [
            [['s1', 'tool_call', { name: 'wire.status', arguments: { amount: 1 } }]],
            [],
          ]),
          tools: bankTools(log),
          toolApproval: approval,
          stopWhen: isStepCount(3),
          prepareCall: (options) => {
            seen.push({
              tools: Object.keys(options.tools ?? {}).sort(),
              approval: options.toolApproval,
            });
            return { ...options };
          },
        },
        above,
      );
      const content = await runAgent(kind, new ToolLoopAgent(settings));
      expect(seen).toEqual([
        { tools: ['notes.add', 'notes.list', 'wire.status', 'wire.transfer'], approval },
      ]);
      expect(asked(content)).toBe(1);
      expect(log).toEqual([]);
    });

    it('asks about a tool whose annotations state no hint, under requireApprovalFor destructive (MCP defaults)', async () => {
      const log: string[] = [];
      const titled = {
        ...tool({
          description: 'Purge the archive.',
          inputSchema: z.object({ amount: z.number() }),
          execute: async () => {
            log.push('archive.purge');
            return 'purged';
          },
        }),
        metadata: { annotations: { title: 'Purge' } },
      } as Tool;
      const run = await runScripted(
        kind,
        [[['p1', 'tool_call', { name: 'archive.purge', arguments: { amount: 1 } }]], []],
        {
          tools: { ...bankTools([]), 'archive.purge': titled },
          toolDisclosure: { ...above, requireApprovalFor: ['destructive'] },
        },
      );
      expect(asked(run.content)).toBe(1);
      expect(log).toEqual([]);
    });

    it('reports an async onEvent that rejects, or throws a value without a prototype, as a warning and runs on', async () => {
      const warnings: string[] = [];
      const run = await runScripted(
        kind,
        [[['s1', 'tool_search', { query: 'notes' }]], [['n1', 'notes__add', { amount: 1 }]], []],
        {
          tools: bankTools([]),
          toolDisclosure: {
            ...above,
            core: ['notes.add'],
            onWarning: (message: string) => warnings.push(message),
            onEvent: async (event: { type: string }) => {
              if (event.type === 'search') throw new Error('listener down');
              if (event.type === 'step') throw Object.create(null);
            },
          },
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(run.outcomes.n1?.ok).toBe(true);
      expect(warnings.some((warning) => warning.includes('listener down'))).toBe(true);
      expect(warnings.some((warning) => warning.includes('"step" event'))).toBe(true);
    });
  },
);
