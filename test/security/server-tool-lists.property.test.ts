import { dynamicTool, jsonSchema, type Tool } from 'ai';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { ToolEffect } from '../../src/catalog/tool-annotations.js';
import type { DisclosureMode } from '../../src/disclosure/index.js';
import { assertProperty, propertyRuns, propertyTimeout, readable } from './property-runs.js';
import { type Kind, runScripted, type ScriptedStep, setOwn } from './scripted-run.js';

/**
 * Tools a third-party server chose (issue 28, breaks 1–3): whatever names and
 * annotations an MCP server sends (present, partial or absent; hostile,
 * reserved and colliding names), with `requireApprovalFor` holding
 * `destructive`, no tool whose effect is not known read-only runs without
 * approval, with the rollback switch on or off, below and above the caps; and
 * no such list makes a request reject or a stream fail.
 */

/** Names a server may pick: bridges', colliding spellings, prototype members, long and odd ones. */
const SERVER_NAMES = [
  'tool_call',
  'tool_search',
  'tool_describe',
  'memory.save',
  'memory__save',
  'Memory.save',
  'save',
  'fs.write',
  'fs__write',
  '__proto__',
  'constructor',
  'toString',
  'a b',
  `${'x'.repeat(70)}.y`,
] as const;

type Annotations = 'absent' | { readOnlyHint?: boolean; destructiveHint?: boolean };

interface ServerTool {
  readonly name: string;
  readonly annotations: Annotations;
}

interface ServerCase {
  readonly kind: Kind;
  readonly tools: ServerTool[];
  readonly fillers: number;
  readonly requireApprovalFor: ToolEffect[];
  readonly environment: Record<string, string>;
  readonly mode: DisclosureMode | undefined;
  readonly maxTools: number;
  /** Per tool: how the model calls it. */
  readonly via: ('direct' | 'encoded' | 'tool_call')[];
}

const hint = fc.option(fc.boolean(), { nil: undefined });
const annotationsArbitrary: fc.Arbitrary<Annotations> = fc.oneof(
  fc.constant('absent' as const),
  fc.record({ readOnlyHint: hint, destructiveHint: hint }, { requiredKeys: [] }),
);

const caseArbitrary: fc.Arbitrary<ServerCase> = fc.record({
  kind: fc.constantFrom('generateText' as const, 'streamText' as const),
  tools: fc.uniqueArray(
    fc.record({ name: fc.constantFrom(...SERVER_NAMES), annotations: annotationsArbitrary }),
    { minLength: 1, maxLength: 7, selector: (tool) => tool.name },
  ),
  fillers: fc.integer({ min: 0, max: 10 }),
  requireApprovalFor: fc
    .subarray<ToolEffect>(['read-only', 'additive', 'unknown'])
    .map((extra) => ['destructive' as ToolEffect, ...extra]),
  environment: fc.constantFrom<Record<string, string>>(
    {},
    { TOOL_DISCLOSURE: 'off' },
    { TOOL_DISCLOSURE: ' OFF ' },
  ),
  mode: fc.constantFrom<DisclosureMode | undefined>(undefined, 'compact', 'namespaces', 'bridged'),
  maxTools: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constant(100)),
  via: fc.array(fc.constantFrom('direct' as const, 'encoded' as const, 'tool_call' as const), {
    minLength: 7,
    maxLength: 7,
  }),
});

/** Whether the server said the tool changes nothing: the one effect that may run unasked. */
const knownReadOnly = (annotations: Annotations) =>
  annotations !== 'absent' && annotations.readOnlyHint === true;

function serverTool(name: string, annotations: Annotations, ran: string[]): Tool {
  return dynamicTool({
    description: `The server's ${name}.`,
    inputSchema: jsonSchema({ type: 'object', properties: { path: { type: 'string' } } }),
    execute: async () => {
      ran.push(name);
      return 'done';
    },
    ...(annotations === 'absent' ? {} : { metadata: { annotations } }),
  } as never) as Tool;
}

function scriptOf(testCase: ServerCase): ScriptedStep[] {
  const calls = testCase.tools.map((tool, index) => {
    const toolCallId = `call-${index + 1}`;
    const via = testCase.via[index] ?? 'direct';
    if (via === 'tool_call') {
      return {
        toolCallId,
        toolName: 'tool_call',
        input: JSON.stringify({ name: tool.name, arguments: { path: 'x' } }),
      };
    }
    const toolName = via === 'encoded' ? tool.name.replaceAll('.', '__') : tool.name;
    return { toolCallId, toolName, input: '{"path":"x"}' };
  });
  return [{ calls }, { calls: [] }];
}

describe('issue 28: a server that says nothing about safety is not safe, and its names take nothing down (security property e)', () => {
  it(
    `never runs a tool that is not known read-only without approval, and never rejects (${propertyRuns()} cases)`,
    async () => {
      await assertProperty(
        'server tool lists',
        fc.asyncProperty(caseArbitrary, async (testCase) => {
          const ran: string[] = [];
          const tools: Record<string, Tool> = {};
          for (const tool of testCase.tools) {
            setOwn(tools, tool.name, serverTool(tool.name, tool.annotations, ran));
          }
          for (let index = 0; index < testCase.fillers; index++) {
            setOwn(
              tools,
              `docs.page_${index}`,
              serverTool(`page_${index}`, { readOnlyHint: true }, []),
            );
          }
          const observation = await runScripted({
            kind: testCase.kind,
            steps: scriptOf(testCase),
            settings: { tools },
            toolDisclosure: {
              requireApprovalFor: testCase.requireApprovalFor,
              environment: testCase.environment,
              maxTools: testCase.maxTools,
              ...(testCase.mode === undefined ? {} : { mode: testCase.mode }),
            },
          });
          const problems: string[] = [];
          if (observation.failure !== undefined) problems.push(observation.failure);
          for (const name of ran) {
            const tool = testCase.tools.find((candidate) => candidate.name === name);
            if (tool !== undefined && !knownReadOnly(tool.annotations)) {
              problems.push(
                `${name} (annotations ${readable(tool.annotations)}) ran without approval`,
              );
            }
          }
          if (problems.length > 0) throw new Error(problems.join('\n'));
        }),
      );
    },
    propertyTimeout(),
  );
});
