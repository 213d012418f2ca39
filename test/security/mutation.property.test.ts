import type { Tool } from 'ai';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { DisclosureMode } from '../../src/disclosure/index.js';
import { inputSchemaOf, namesOf, type ToolNames } from './arbitraries.js';
import { assertProperty, propertyRuns, propertyTimeout, readable } from './property-runs.js';
import {
  firstDifference,
  type Kind,
  type Observation,
  partsOf,
  promptInCallOrder,
  runScripted,
  type ScriptedCall,
  type ScriptedStep,
  setOwn,
  stepsInCallOrder,
} from './scripted-run.js';

/**
 * A `tools` record changed in place is seen as it is now (issue 11, finding 4;
 * SPEC §8 "caches are keyed by content"). One record object goes through a
 * random sequence of in-place mutations, each followed by runs that call
 * removed, replaced and new tools directly and through the bridges. A removed
 * tool never runs, is never advertised and never comes back from
 * `tool_search` / `tool_describe`; a replaced tool's old version never runs
 * and its old description is never shown; a new tool is reachable. A fresh
 * record of identical content (`{ ...tools }`) gives the model exactly the
 * same requests and results.
 */

type Mutation = 'delete' | 'add' | 'replace' | 'describe';
type Target = 'removed' | 'current' | 'added';
type Via = 'direct' | 'tool_call' | 'tool_describe' | 'tool_search';
type Form = 'key' | 'id' | 'wire';

interface CallPlan {
  readonly target: Target;
  readonly pick: number;
  readonly via: Via;
  readonly form: Form;
}

interface RunPlan {
  readonly kind: Kind;
  readonly calls: CallPlan[];
}

interface MutationCase {
  readonly initialTools: number;
  readonly mode: DisclosureMode;
  readonly maxTools: number;
  readonly first: RunPlan;
  readonly mutations: readonly { op: Mutation; pick: number; readd: boolean; run: RunPlan }[];
}

const runPlanArbitrary: fc.Arbitrary<RunPlan> = fc.record({
  kind: fc.constantFrom('generateText' as const, 'streamText' as const),
  calls: fc.array(
    fc.record({
      target: fc.constantFrom<Target>('removed', 'removed', 'current', 'added'),
      pick: fc.nat(20),
      via: fc.constantFrom<Via>('direct', 'tool_call', 'tool_call', 'tool_describe', 'tool_search'),
      form: fc.constantFrom<Form>('key', 'id', 'wire'),
    }),
    { minLength: 1, maxLength: 4 },
  ),
});

const caseArbitrary: fc.Arbitrary<MutationCase> = fc.record({
  initialTools: fc.integer({ min: 2, max: 10 }),
  mode: fc.constantFrom<DisclosureMode>('off', 'compact', 'signatures', 'namespaces', 'bridged'),
  maxTools: fc.oneof(fc.integer({ min: 1, max: 8 }), fc.constant(100)),
  first: runPlanArbitrary,
  mutations: fc.array(
    fc.record({
      op: fc.constantFrom<Mutation>('delete', 'add', 'replace', 'describe'),
      pick: fc.nat(20),
      readd: fc.boolean(),
      run: runPlanArbitrary,
    }),
    { minLength: 1, maxLength: 4 },
  ),
});

const namespaces = ['mail', 'sms', 'crm'] as const;
const tokenPattern = /[DI]\d{3}R/g;

interface Version {
  readonly key: string;
  readonly names: ToolNames;
  /** Marks the implementation (the tool object's execute). */
  readonly impl: string;
  /** Marks the current description. */
  desc: string;
  readonly tool: Tool;
}

interface Executed {
  readonly key: string;
  readonly impl: string;
  readonly toolCallId: string;
}

/** The record, its mutations, and what the test knows is current and removed. */
class Catalog {
  readonly tools: Record<string, Tool> = {};
  readonly current = new Map<string, Version>();
  readonly executions: Executed[] = [];
  /** Record keys deleted and not added again. */
  readonly deleted = new Set<string>();
  /** Every description and implementation mark that is no longer current. */
  readonly stale = new Set<string>();
  lastAdded: string | undefined;
  private counter = 0;
  private keys = 0;

  private mark(prefix: 'D' | 'I'): string {
    return `${prefix}${String(++this.counter).padStart(3, '0')}R`;
  }

  newKey(): string {
    const index = this.keys++;
    return `${namespaces[index % namespaces.length]}.tool_${String(index).padStart(3, '0')}`;
  }

  put(key: string): void {
    const previous = this.current.get(key);
    if (previous !== undefined) this.retire(previous);
    const impl = this.mark('I');
    const desc = this.mark('D');
    const executions = this.executions;
    const tool = {
      description: `Tool ${key} revision ${desc}.`,
      inputSchema: inputSchemaOf(true),
      execute: async (_input: unknown, { toolCallId }: { toolCallId: string }) => {
        executions.push({ key, impl, toolCallId });
        return { ran: key, impl };
      },
    } as Tool;
    setOwn(this.tools, key, tool);
    this.current.set(key, { key, names: namesOf(key) as ToolNames, impl, desc, tool });
    this.deleted.delete(key);
  }

  remove(key: string): void {
    const version = this.current.get(key);
    if (version === undefined) return;
    this.retire(version);
    delete this.tools[key];
    this.current.delete(key);
    this.deleted.add(key);
  }

  redescribe(key: string): void {
    const version = this.current.get(key);
    if (version === undefined) return;
    this.stale.add(version.desc);
    version.desc = this.mark('D');
    (version.tool as { description: string }).description = `Tool ${key} revision ${version.desc}.`;
  }

  private retire(version: Version): void {
    this.stale.add(version.desc);
    this.stale.add(version.impl);
  }
}

function apply(catalog: Catalog, mutation: MutationCase['mutations'][number]): string {
  const keys = [...catalog.current.keys()];
  const picked = keys[mutation.pick % Math.max(1, keys.length)];
  switch (mutation.op) {
    case 'delete':
      if (picked === undefined) return 'delete (nothing left)';
      catalog.remove(picked);
      return `delete ${picked}`;
    case 'add': {
      const deleted = [...catalog.deleted];
      const key =
        mutation.readd && deleted.length > 0
          ? (deleted[mutation.pick % deleted.length] as string)
          : catalog.newKey();
      catalog.put(key);
      catalog.lastAdded = key;
      return `add ${key}`;
    }
    case 'replace':
      if (picked === undefined) return 'replace (nothing left)';
      catalog.put(picked);
      return `replace ${picked}`;
    case 'describe':
      if (picked === undefined) return 'describe (nothing left)';
      catalog.redescribe(picked);
      return `describe ${picked}`;
  }
}

/** The names a call plan means now: a removed, current or just-added tool. */
function namesFor(catalog: Catalog, plan: CallPlan): ToolNames | undefined {
  const current = [...catalog.current.values()].map((version) => version.names);
  const removed = [...catalog.deleted].map((key) => namesOf(key) as ToolNames);
  const pool =
    plan.target === 'removed' && removed.length > 0
      ? removed
      : plan.target === 'added' &&
          catalog.lastAdded !== undefined &&
          catalog.current.has(catalog.lastAdded)
        ? [namesOf(catalog.lastAdded) as ToolNames]
        : current;
  return pool[plan.pick % Math.max(1, pool.length)];
}

function scriptedCall(via: Via, toolCallId: string, name: string): ScriptedCall {
  const args = { q: 'hello' };
  if (via === 'direct') return { toolCallId, toolName: name, input: JSON.stringify(args) };
  if (via === 'tool_call') {
    return { toolCallId, toolName: 'tool_call', input: JSON.stringify({ name, arguments: args }) };
  }
  if (via === 'tool_describe') {
    return { toolCallId, toolName: 'tool_describe', input: JSON.stringify({ name }) };
  }
  return {
    toolCallId,
    toolName: 'tool_search',
    input: JSON.stringify({ query: `${name} tool`, limit: 50 }),
  };
}

function scriptOf(
  catalog: Catalog,
  plan: RunPlan,
): { steps: ScriptedStep[]; targets: Map<string, ToolNames> } {
  const targets = new Map<string, ToolNames>();
  const calls = plan.calls.flatMap((call, index): ScriptedCall[] => {
    const names = namesFor(catalog, call);
    if (names === undefined) return [];
    const toolCallId = `call-${index + 1}`;
    targets.set(toolCallId, names);
    const name = call.form === 'key' ? names.key : call.form === 'id' ? names.id : names.wireName;
    return [scriptedCall(call.via, toolCallId, name)];
  });
  return { steps: calls.length > 0 ? [{ calls }, { calls: [] }] : [{ calls: [] }], targets };
}

/** What the bridges found: tool_search results (not the echoed query) and tool_describe answers, as JSON. */
function discoveryOutputs(observation: Observation): string[] {
  return partsOf(observation, 'tool-result').flatMap((part) => {
    if (part.toolName === 'tool_describe') return [JSON.stringify(part.output)];
    if (part.toolName !== 'tool_search') return [];
    return [JSON.stringify((part.output as { results?: unknown } | null)?.results ?? null)];
  });
}

function checkRun(
  catalog: Catalog,
  options: { mode: DisclosureMode; maxTools: number },
  plan: RunPlan,
  script: ReturnType<typeof scriptOf>,
  observation: Observation,
  executed: readonly Executed[],
): string[] {
  const problems: string[] = [];
  if (observation.failure !== undefined) problems.push(`the run failed: ${observation.failure}`);
  const currentImpl = new Map(
    [...catalog.current.values()].map((version) => [version.impl, version]),
  );
  for (const execution of executed) {
    if (!currentImpl.has(execution.impl)) {
      problems.push(
        `${execution.key} ran its ${catalog.current.has(execution.key) ? 'replaced old version' : 'removed version'} (${execution.impl}) for ${execution.toolCallId}`,
      );
    }
  }
  // Marks of removed tools and old descriptions never reach the model.
  for (const [index, request] of observation.requests.entries()) {
    for (const text of [request.tools, request.prompt]) {
      for (const mark of text.match(tokenPattern) ?? []) {
        if (catalog.stale.has(mark)) {
          problems.push(`step ${index}: the model was shown ${mark}, which is no longer current`);
        }
      }
    }
  }
  // Removed tools are neither advertised nor discovered.
  const removedNames = [...catalog.deleted].flatMap((key) => {
    const names = namesOf(key) as ToolNames;
    return [names.key, names.wireName];
  });
  const shown = [
    ...observation.requests.map((request) => request.tools),
    ...discoveryOutputs(observation),
  ];
  for (const name of removedNames) {
    if (shown.some((text) => text.includes(name))) {
      problems.push(
        `the removed tool ${name} was advertised or returned by tool_search/tool_describe`,
      );
    }
  }
  // Current tools are what is advertised, and reachable.
  const expectDeferred = options.mode !== 'off' && catalog.current.size > options.maxTools;
  const offered = observation.offered[0] ?? [];
  if (offered.includes('tool_call') !== expectDeferred) {
    problems.push(
      `with ${catalog.current.size} tools, maxTools ${options.maxTools} and mode ${options.mode} the surface should be ${expectDeferred ? 'deferred' : 'flat'}; offered ${readable(offered)}`,
    );
  } else if (!expectDeferred) {
    const keys = [...catalog.current.keys()].sort();
    if (JSON.stringify([...offered].sort()) !== JSON.stringify(keys)) {
      problems.push(
        `flat surface offered ${readable(offered)}, the record holds ${readable(keys)}`,
      );
    }
  }
  const ran = new Map(executed.map((execution) => [execution.toolCallId, execution]));
  const described = new Map(
    partsOf(observation, 'tool-result')
      .filter((part) => part.toolName === 'tool_describe')
      .map((part) => [part.toolCallId, JSON.stringify(part.output)]),
  );
  for (const [index, call] of plan.calls.entries()) {
    const toolCallId = `call-${index + 1}`;
    const names = script.targets.get(toolCallId);
    const version = names === undefined ? undefined : catalog.current.get(names.key);
    if (version === undefined) continue;
    const reachable = expectDeferred
      ? call.via === 'direct' || call.via === 'tool_call'
      : call.via === 'direct' && call.form === 'key';
    if (reachable && ran.get(toolCallId)?.impl !== version.impl) {
      problems.push(
        `${toolCallId} (${call.via} of ${names?.key} by ${call.form}) should run its current version ${version.impl}, ran ${readable(ran.get(toolCallId) ?? null)}`,
      );
    }
    if (
      expectDeferred &&
      call.via === 'tool_describe' &&
      !described.get(toolCallId)?.includes(version.desc)
    ) {
      problems.push(
        `${toolCallId}: tool_describe of ${names?.key} did not return its current description ${version.desc}`,
      );
    }
  }
  return problems;
}

describe('SPEC §8 invariant: caches are keyed by content, and a tools record changed in place is seen as it is now (security property c)', () => {
  it(
    `never runs, advertises or discovers removed or replaced tools, and shows new ones (${propertyRuns()} cases)`,
    async () => {
      await assertProperty(
        'mutated tools records',
        fc.asyncProperty(caseArbitrary, async (testCase) => {
          const catalog = new Catalog();
          for (let index = 0; index < testCase.initialTools; index++) catalog.put(catalog.newKey());
          const options = { mode: testCase.mode, maxTools: testCase.maxTools };
          const history: string[] = [`${testCase.initialTools} tools`];
          const plans = [
            { label: 'first run', run: testCase.first },
            ...testCase.mutations.map((mutation) => ({ label: '', mutation, run: mutation.run })),
          ];
          for (const plan of plans) {
            if ('mutation' in plan) history.push(apply(catalog, plan.mutation));
            const script = scriptOf(catalog, plan.run);
            const observe = async (tools: Record<string, Tool>) => {
              const before = catalog.executions.length;
              const observation = await runScripted({
                kind: plan.run.kind,
                steps: script.steps,
                settings: { tools },
                toolDisclosure: options,
              });
              return { observation, executed: catalog.executions.slice(before) };
            };
            // The same record object (changed in place), then a fresh record of identical content.
            const same = await observe(catalog.tools);
            const fresh = await observe({ ...catalog.tools });
            const problems = [
              ...checkRun(catalog, options, plan.run, script, same.observation, same.executed).map(
                (problem) => `same record: ${problem}`,
              ),
              ...checkRun(
                catalog,
                options,
                plan.run,
                script,
                fresh.observation,
                fresh.executed,
              ).map((problem) => `fresh record: ${problem}`),
            ];
            const comparable = (run: typeof same) =>
              JSON.stringify([
                run.observation.requests.map((request) => ({
                  tools: request.tools,
                  prompt: promptInCallOrder(request.prompt),
                })),
                stepsInCallOrder(run.observation.steps),
                [...run.executed].sort((left, right) =>
                  left.toolCallId.localeCompare(right.toolCallId),
                ),
              ]);
            const sameJson = comparable(same);
            const freshJson = comparable(fresh);
            const difference = firstDifference(sameJson, freshJson);
            if (difference !== undefined) {
              problems.push(
                `the same record and a fresh copy of it gave different runs (A same, B fresh): ${difference}`,
              );
            }
            if (problems.length > 0) {
              throw new Error(
                [
                  `after: ${history.join(' → ')}`,
                  ...problems,
                  `record now: ${readable([...catalog.current.values()].map((version) => `${version.key} ${version.impl} ${version.desc}`))}`,
                  `script: ${readable(script.steps)}`,
                ].join('\n'),
              );
            }
          }
        }),
      );
    },
    propertyTimeout(),
  );
});
