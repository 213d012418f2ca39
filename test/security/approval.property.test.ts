import type { ModelMessage, Tool, ToolSet } from 'ai';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { DisclosureMode } from '../../src/disclosure/index.js';
import {
  buildTools,
  type Execution,
  inputSchemaOf,
  NAME_FORMS,
  type NameForm,
  namesOf,
  spell,
  type ToolNames,
  type ToolSpec,
} from './arbitraries.js';
import { assertProperty, propertyRuns, propertyTimeout, readable } from './property-runs.js';
import {
  type Kind,
  type Observation,
  partsOf,
  runScripted,
  type ScriptedCall,
  type ScriptedStep,
  setOwn,
} from './scripted-run.js';

/**
 * Approval cannot be bypassed (issue 11, findings 1, 5 and 6; SPEC §8 "one
 * resolution per step"): whatever name form the model uses, whatever the
 * step's reach, a tool whose effective approval rule asks for approval (its
 * `toolApproval` entry under any spelling, else its `needsApproval`) never
 * executes unless the run holds an approved approval request for that very
 * call naming that very tool; a rule that denies means it never runs; an
 * approval function sees the real tool; resuming with approvals runs exactly
 * the approved calls, each as the tool its approval named.
 */

/** A tool-level rule: none, `needsApproval: true`, or a function asking for odd `n`. */
type NeedsApproval = 'none' | 'always' | 'odd-n';
/** A `toolApproval` status, or a function asking for odd `n`. */
type Status = 'user-approval' | 'not-applicable' | 'approved' | 'denied' | 'odd-n';
type Spelling = 'key' | 'id' | 'wire';

interface GatedToolSpec {
  readonly key: string;
  readonly needsApproval: NeedsApproval;
}

type ApprovalConfig =
  | { readonly type: 'absent' }
  | {
      readonly type: 'record';
      readonly entries: readonly { tool: number; spelling: Spelling; status: Status }[];
    }
  | { readonly type: 'table-function'; readonly statuses: readonly Status[] }
  | { readonly type: 'delegating-function' };

type ArgsPlan = 'odd' | 'even' | 'empty' | 'wrong-type';
type CallName = { readonly tool: number; readonly form: NameForm } | { readonly literal: string };
type CallPlan = {
  readonly via: 'direct' | 'tool_call-string' | 'tool_call-object';
  readonly name: CallName;
  readonly args: ArgsPlan;
};

interface ApprovalCase {
  readonly kind: Kind;
  readonly tools: GatedToolSpec[];
  readonly fillers: number;
  readonly mode: DisclosureMode;
  readonly maxTools: number;
  readonly core: readonly { tool: number; spelling: Spelling }[];
  readonly approval: ApprovalConfig;
  readonly reach:
    | undefined
    | {
        readonly via: 'settings' | 'prepareStep';
        readonly names: readonly { tool: number; spelling: Spelling }[];
      };
  readonly script: CallPlan[][];
  /** Per approval request of the first run, in order: approve it when resuming? */
  readonly decisions: boolean[];
}

/** Tools with shared bare names (`send`) and case variants, so resolution can be ambiguous. */
const GATED_KEYS = [
  'mail.send',
  'sms.send',
  'send',
  'mail.Send',
  'mail.search',
  'calendar.create_event',
  'admin.drop_db',
  'admin__constructor',
] as const;

const statusArbitrary = fc.constantFrom<Status>(
  'user-approval',
  'not-applicable',
  'approved',
  'denied',
  'odd-n',
);
const spellingArbitrary = fc.constantFrom<Spelling>('key', 'id', 'wire');
const toolRef = fc.record({ tool: fc.nat(10), spelling: spellingArbitrary });

const caseArbitrary: fc.Arbitrary<ApprovalCase> = fc.record({
  kind: fc.constantFrom('generateText' as const, 'streamText' as const),
  tools: fc.uniqueArray(
    fc.record({
      key: fc.constantFrom(...GATED_KEYS),
      needsApproval: fc.constantFrom<NeedsApproval>('none', 'always', 'odd-n'),
    }),
    { minLength: 1, maxLength: GATED_KEYS.length, selector: (spec) => spec.key },
  ),
  fillers: fc.integer({ min: 0, max: 12 }),
  mode: fc.constantFrom<DisclosureMode>('off', 'compact', 'signatures', 'namespaces', 'bridged'),
  maxTools: fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 6 }) },
    { weight: 1, arbitrary: fc.constant(100) },
  ),
  core: fc.array(toolRef, { maxLength: 2 }),
  approval: fc.oneof(
    { weight: 1, arbitrary: fc.constant({ type: 'absent' as const }) },
    {
      weight: 3,
      arbitrary: fc.record({
        type: fc.constant('record' as const),
        entries: fc.array(
          fc.record({ tool: fc.nat(10), spelling: spellingArbitrary, status: statusArbitrary }),
          { minLength: 1, maxLength: 4 },
        ),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant('table-function' as const),
        statuses: fc.array(statusArbitrary, { minLength: 1, maxLength: 8 }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ type: 'delegating-function' as const }) },
  ),
  reach: fc.option(
    fc.record({
      via: fc.constantFrom('settings' as const, 'prepareStep' as const),
      names: fc.array(toolRef, { minLength: 1, maxLength: 3 }),
    }),
    { nil: undefined, freq: 2 },
  ),
  script: fc.array(
    fc.array(
      fc.record({
        via: fc.constantFrom(
          'direct' as const,
          'tool_call-string' as const,
          'tool_call-object' as const,
        ),
        name: fc.oneof(
          {
            weight: 4,
            arbitrary: fc.record({ tool: fc.nat(10), form: fc.constantFrom(...NAME_FORMS) }),
          },
          {
            weight: 1,
            arbitrary: fc.record({
              literal: fc.constantFrom('send', 'SEND', 'Send', 'search', 'drop_db'),
            }),
          },
        ),
        args: fc.constantFrom<ArgsPlan>('odd', 'odd', 'even', 'empty', 'wrong-type'),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    { minLength: 1, maxLength: 3 },
  ),
  decisions: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
});

/** One case's catalog: the gated tools, then fillers that push it over the caps. */
function specsOf(testCase: ApprovalCase): (ToolSpec & { needsApproval: NeedsApproval })[] {
  return [
    ...testCase.tools.map((tool) => ({
      key: tool.key,
      description: `Tool ${tool.key}.`,
      requiresQuery: true,
      needsApproval: tool.needsApproval,
    })),
    ...Array.from({ length: testCase.fillers }, (_, index) => ({
      key: `filler.tool_${index}`,
      description: `Filler ${index}.`,
      requiresQuery: true,
      needsApproval: 'none' as const,
    })),
  ];
}

function argumentsOf(plan: ArgsPlan): Record<string, unknown> {
  switch (plan) {
    case 'odd':
      return { q: 'x', n: 1 };
    case 'even':
      return { q: 'x', n: 2 };
    case 'empty':
      return {};
    case 'wrong-type':
      return { q: 5 };
  }
}

const isOdd = (input: unknown) =>
  ((input as { n?: unknown } | null)?.n as number | undefined) === 1;
const spellingOf = (names: ToolNames, spelling: Spelling) =>
  spelling === 'key' ? names.key : spelling === 'id' ? names.id : names.wireName;

/** What a case builds: tools, settings and the oracle of each tool's effective rule. */
interface World {
  readonly specs: ReturnType<typeof specsOf>;
  readonly names: readonly ToolNames[];
  readonly tools: ToolSet;
  readonly executions: Execution[];
  readonly settings: Record<string, unknown>;
  /** Calls of the user's toolApproval function: what it saw, as violations (empty when fine). */
  readonly functionViolations: string[];
  /** The effective rule of a tool (by record key) for an input: ask, deny or run freely. */
  readonly rule: (key: string, input: unknown) => 'ask' | 'deny' | 'free';
  /** The record key of the tool a name means, by key, canonical id or wire name. */
  readonly keyOf: (name: string) => string | undefined;
}

function buildWorld(testCase: ApprovalCase): World {
  const specs = specsOf(testCase);
  const names = specs.map((spec) => namesOf(spec.key) as ToolNames);
  const executions: Execution[] = [];
  const needsOf = new Map(specs.map((spec) => [spec.key, spec.needsApproval]));
  const tools = buildTools(specs, (spec) => {
    const needs = needsOf.get(spec.key);
    const needsApproval =
      needs === 'always' ? true : needs === 'odd-n' ? (input: unknown) => isOdd(input) : undefined;
    return {
      description: spec.description,
      inputSchema: inputSchemaOf(spec.requiresQuery),
      ...(needsApproval === undefined ? {} : { needsApproval }),
      execute: async (input: unknown, { toolCallId }: { toolCallId: string }) => {
        executions.push({ key: spec.key, label: spec.key, toolCallId, input });
        return { ran: spec.key };
      },
    } as Tool;
  });
  const bySpelling = new Map<string, string>();
  for (const name of names) {
    for (const spelling of [name.key, name.id, name.wireName]) bySpelling.set(spelling, name.key);
  }
  const keyOf = (name: string) => bySpelling.get(name);
  const toolAt = (index: number) => names[index % names.length] as ToolNames;

  const fromStatus = (status: Status, input: unknown): 'ask' | 'deny' | 'free' =>
    status === 'user-approval' || (status === 'odd-n' && isOdd(input))
      ? 'ask'
      : status === 'denied'
        ? 'deny'
        : 'free';
  const fromNeeds = (key: string, input: unknown): 'ask' | 'free' => {
    const needs = needsOf.get(key);
    return needs === 'always' || (needs === 'odd-n' && isOdd(input)) ? 'ask' : 'free';
  };
  const toStatus = (status: Status, input: unknown) =>
    status === 'odd-n' ? (isOdd(input) ? 'user-approval' : 'not-applicable') : status;

  const functionViolations: string[] = [];
  /** Checks what a generic toolApproval function receives (finding 6). */
  const checkFunctionCall = (options: { toolCall: { toolName: string }; tools?: ToolSet }) => {
    const { toolName } = options.toolCall;
    if (toolName === 'tool_search' || toolName === 'tool_describe') return;
    if (toolName === 'tool_call') {
      functionViolations.push('the toolApproval function received a bridged call as tool_call');
      return;
    }
    const key = keyOf(toolName);
    const given =
      options.tools != null && Object.hasOwn(options.tools, toolName)
        ? options.tools[toolName]
        : undefined;
    if (key === undefined || given !== tools[key]) {
      functionViolations.push(
        `the toolApproval function received toolName ${JSON.stringify(toolName)} without the real tool in tools[toolName]`,
      );
    }
  };

  let rule: World['rule'];
  let toolApproval: unknown;
  const { approval } = testCase;
  switch (approval.type) {
    case 'absent':
      rule = fromNeeds;
      break;
    case 'record': {
      const entries = new Map<string, { spelling: Spelling; status: Status }>();
      for (const entry of approval.entries) {
        const key = toolAt(entry.tool).key;
        if (!entries.has(key)) entries.set(key, entry);
      }
      const record: Record<string, unknown> = {};
      for (const [key, { spelling, status }] of entries) {
        const name = spellingOf(namesOf(key) as ToolNames, spelling);
        setOwn(
          record,
          name,
          status === 'odd-n' ? (input: unknown) => toStatus(status, input) : status,
        );
      }
      toolApproval = record;
      rule = (key, input) => {
        const entry = entries.get(key);
        return entry === undefined ? fromNeeds(key, input) : fromStatus(entry.status, input);
      };
      break;
    }
    case 'table-function': {
      const statusOf = (key: string) =>
        approval.statuses[
          names.findIndex((name) => name.key === key) % approval.statuses.length
        ] as Status;
      toolApproval = (options: {
        toolCall: { toolName: string; input: unknown };
        tools?: ToolSet;
      }) => {
        checkFunctionCall(options);
        const key = keyOf(options.toolCall.toolName);
        return key === undefined
          ? 'not-applicable'
          : toStatus(statusOf(key), options.toolCall.input);
      };
      rule = (key, input) => fromStatus(statusOf(key), input);
      break;
    }
    case 'delegating-function':
      // The common pattern: ask whenever the called tool declares needsApproval.
      toolApproval = (options: { toolCall: { toolName: string }; tools?: ToolSet }) => {
        checkFunctionCall(options);
        const { toolName } = options.toolCall;
        const called =
          options.tools != null && Object.hasOwn(options.tools, toolName)
            ? options.tools[toolName]
            : undefined;
        return called?.needsApproval ? 'user-approval' : 'not-applicable';
      };
      rule = (key) => (needsOf.get(key) === 'none' ? 'free' : 'ask');
      break;
  }

  const settings: Record<string, unknown> = { tools };
  if (toolApproval !== undefined) settings.toolApproval = toolApproval;
  if (testCase.reach !== undefined) {
    const reachNames = testCase.reach.names.map((ref) =>
      spellingOf(toolAt(ref.tool), ref.spelling),
    );
    if (testCase.reach.via === 'settings') settings.activeTools = reachNames;
    else settings.prepareStep = () => ({ activeTools: reachNames });
  }
  return { specs, names, tools, executions, settings, functionViolations, rule, keyOf };
}

function scriptOf(world: World, plan: readonly CallPlan[][]): ScriptedStep[] {
  let counter = 0;
  return [
    ...plan.map((calls) => ({
      calls: calls.map((call): ScriptedCall => {
        const name =
          'literal' in call.name
            ? call.name.literal
            : spell(world.names[call.name.tool % world.names.length] as ToolNames, call.name.form);
        const args = argumentsOf(call.args);
        const toolCallId = `call-${++counter}`;
        if (call.via === 'direct')
          return { toolCallId, toolName: name, input: JSON.stringify(args) };
        return {
          toolCallId,
          toolName: 'tool_call',
          input: JSON.stringify({
            name,
            arguments: call.via === 'tool_call-string' ? JSON.stringify(args) : args,
          }),
        };
      }),
    })),
    { calls: [] },
  ];
}

/** The name a request names: the direct tool, or the real tool inside a bridged call. */
function requestedName(request: { toolName: string; input: unknown }): string | undefined {
  if (request.toolName !== 'tool_call') return request.toolName;
  const input = request.input as { name?: unknown } | null;
  return typeof input?.name === 'string' ? input.name : undefined;
}

/** Whether a request's real arguments are valid for the tools of this property: `{ q: string, n?: number }`. */
function hasValidArguments(request: { toolName: string; input: unknown }): boolean {
  let args: unknown = request.input;
  if (request.toolName === 'tool_call') {
    args = (request.input as { arguments?: unknown } | null)?.arguments;
    if (typeof args === 'string') {
      try {
        args = JSON.parse(args);
      } catch {
        return false;
      }
    }
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return false;
  const { q, n, ...rest } = args as Record<string, unknown>;
  return (
    typeof q === 'string' &&
    (n === undefined || typeof n === 'number') &&
    Object.keys(rest).length === 0
  );
}

/**
 * Checks every execution of a run against the approvals it holds: a tool that
 * must ask ran only after an approved request for that call naming it; a tool
 * whose rule denies never ran; any tool that ran under a request is the one
 * the request named.
 */
function checkExecutions(
  world: World,
  executions: readonly Execution[],
  requests: ReadonlyMap<string, { toolName: string; input: unknown; approved: boolean }>,
): string[] {
  const problems: string[] = [];
  for (const execution of executions) {
    const request = requests.get(execution.toolCallId);
    const rule = world.rule(execution.key, execution.input);
    const named = request === undefined ? undefined : requestedName(request);
    const namedKey = named === undefined ? undefined : world.keyOf(named);
    if (rule === 'deny') {
      problems.push(
        `${execution.key} ran (call ${execution.toolCallId}) although its approval rule denies it`,
      );
    }
    if (rule === 'ask' && (request === undefined || !request.approved)) {
      problems.push(
        `${execution.key} ran (call ${execution.toolCallId}, input ${JSON.stringify(execution.input)}) without an approved approval request; its rule asks for approval`,
      );
    }
    if (request !== undefined && namedKey !== execution.key) {
      problems.push(
        `call ${execution.toolCallId} ran ${execution.key}, but its approval request named ${JSON.stringify(named)}`,
      );
    }
  }
  return problems;
}

/** The approval requests a user must answer (automatic approvals and denials answer themselves). */
function requestsOf(observation: Observation) {
  return partsOf(observation, 'tool-approval-request').filter((request) => !request.isAutomatic);
}

describe('SPEC §8 invariant: one resolution per step, so the tool that runs is the tool that was approved (security property b)', () => {
  it(
    `runs a tool whose rule asks for approval only as the approved tool (${propertyRuns()} cases)`,
    async () => {
      await assertProperty(
        'approval cannot be bypassed',
        fc.asyncProperty(caseArbitrary, async (testCase) => {
          const world = buildWorld(testCase);
          const toolAt = (index: number) => world.names[index % world.names.length] as ToolNames;
          const toolDisclosure = {
            mode: testCase.mode,
            maxTools: testCase.maxTools,
            core: testCase.core.map((ref) => spellingOf(toolAt(ref.tool), ref.spelling)),
          };
          const steps = scriptOf(world, testCase.script);
          const first = await runScripted({
            kind: testCase.kind,
            steps,
            settings: world.settings,
            toolDisclosure,
          });
          const problems: string[] = [];
          if (first.failure !== undefined) problems.push(`first run failed: ${first.failure}`);
          const requests = requestsOf(first);
          const pending = new Map(
            partsOf(first, 'tool-approval-request').map((request) => [
              request.toolCallId,
              // No user answered yet: an automatic approval is no approval by the user.
              { ...request, approved: false },
            ]),
          );
          problems.push(...checkExecutions(world, world.executions, pending));

          // Resume: approve or deny each request; exactly the approved calls run, as the named tool.
          if (requests.length > 0 && problems.length === 0) {
            const ranBefore = world.executions.length;
            const decided = requests.map((request, index) => ({
              ...request,
              approved: testCase.decisions[index % testCase.decisions.length] === true,
            }));
            const messages: ModelMessage[] = [
              { role: 'user', content: 'Help me.' },
              ...first.responseMessages,
              {
                role: 'tool',
                content: decided.map((request) => ({
                  type: 'tool-approval-response' as const,
                  approvalId: request.approvalId,
                  approved: request.approved,
                })),
              },
            ];
            const second = await runScripted({
              kind: testCase.kind,
              steps: [{ calls: [] }],
              settings: { ...world.settings, messages },
              toolDisclosure,
            });
            if (second.failure !== undefined)
              problems.push(`resumed run failed: ${second.failure}`);
            const resumed = world.executions.slice(ranBefore);
            problems.push(
              ...checkExecutions(
                world,
                resumed,
                new Map(decided.map((request) => [request.toolCallId, request])),
              ),
            );
            // An approved call runs unless its arguments are invalid (then it fails as invalid_arguments).
            const expected = decided
              .filter((request) => request.approved && hasValidArguments(request))
              .map(
                (request) => `${request.toolCallId}:${world.keyOf(requestedName(request) ?? '')}`,
              )
              .sort();
            const actual = resumed
              .map((execution) => `${execution.toolCallId}:${execution.key}`)
              .sort();
            const allowed = decided
              .filter((request) => request.approved)
              .map(
                (request) => `${request.toolCallId}:${world.keyOf(requestedName(request) ?? '')}`,
              );
            const unapproved = actual.filter((ran) => !allowed.includes(ran));
            if (unapproved.length > 0 || expected.some((call) => !actual.includes(call))) {
              problems.push(
                `resuming ran ${readable(actual)}, but the approved calls were ${readable(expected)}`,
              );
            }
          }
          problems.push(...world.functionViolations);
          if (problems.length > 0) {
            throw new Error(
              [
                ...problems,
                `script: ${readable(steps)}`,
                `approval requests: ${readable(requests)}`,
                `executions: ${readable(world.executions)}`,
                `model saw tools: ${readable(first.offered)}`,
              ].join('\n'),
            );
          }
        }),
      );
    },
    propertyTimeout(),
  );
});
