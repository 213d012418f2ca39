import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { DisclosureMode } from '../../src/disclosure/index.js';
import type { ToolDisclosureOptions } from '../../src/index.js';
import {
  buildTools,
  type CallPlan,
  catalogArbitrary,
  type Execution,
  loggingTool,
  type NameRef,
  nameRefArbitrary,
  resolveNameRef,
  type SelectorPlan,
  scriptOf,
  scriptPlanArbitrary,
  selectorArbitrary,
  selectorMatches,
  selectorText,
  type ToolSpec,
} from './arbitraries.js';
import { assertProperty, propertyRuns, propertyTimeout, readable } from './property-runs.js';
import {
  firstDifference,
  type Kind,
  type Observation,
  promptInCallOrder,
  runScripted,
  stepsInCallOrder,
} from './scripted-run.js';

/**
 * Two worlds (issue 11, SPEC §7–8): world A has every tool and a policy;
 * world B has the tools the policy denies removed from the record and no
 * policy, with the same other options. A denied tool must not exist, so the
 * model must see byte-identical requests (prompts and tool definitions, every
 * step), and the app identical steps (calls, results, errors, approvals under
 * its own names) and response messages — also when the model names a tool
 * that is denied in A and absent in B.
 */
interface TwoWorldsCase {
  readonly kind: Kind;
  readonly catalog: ToolSpec[];
  readonly allow: SelectorPlan[] | undefined;
  readonly deny: SelectorPlan[];
  readonly mode: DisclosureMode;
  readonly maxTools: number;
  readonly core: SelectorPlan[];
  readonly pins: SelectorPlan[];
  readonly reach:
    | { readonly via: 'settings' | 'prepareStep'; readonly names: NameRef[] }
    | undefined;
  readonly script: CallPlan[][];
}

const caseArbitrary: fc.Arbitrary<TwoWorldsCase> = fc.record({
  kind: fc.constantFrom('generateText' as const, 'streamText' as const),
  catalog: catalogArbitrary(),
  allow: fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.array(selectorArbitrary, { minLength: 1, maxLength: 8 }) },
  ),
  deny: fc.array(selectorArbitrary, { maxLength: 4 }),
  mode: fc.constantFrom<DisclosureMode>('off', 'compact', 'signatures', 'namespaces', 'bridged'),
  maxTools: fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 6 }) },
    { weight: 1, arbitrary: fc.constant(100) },
  ),
  core: fc.array(selectorArbitrary, { maxLength: 3 }),
  pins: fc.array(selectorArbitrary, { maxLength: 3 }),
  reach: fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.record({
        via: fc.constantFrom('settings' as const, 'prepareStep' as const),
        names: fc.array(nameRefArbitrary, { maxLength: 8 }),
      }),
    },
  ),
  script: scriptPlanArbitrary,
});

function isDenied(testCase: TwoWorldsCase, spec: ToolSpec): boolean {
  const { catalog, allow, deny } = testCase;
  const allowed =
    allow === undefined || allow.some((plan) => selectorMatches(catalog, plan, spec.key));
  return !allowed || deny.some((plan) => selectorMatches(catalog, plan, spec.key));
}

async function runWorld(
  testCase: TwoWorldsCase,
  specs: readonly ToolSpec[],
  policy: ToolDisclosureOptions['policy'],
): Promise<{ observation: Observation; executions: Execution[] }> {
  const { catalog } = testCase;
  const executions: Execution[] = [];
  const tools = buildTools(specs, (spec) => loggingTool(spec, executions));
  const settings: Record<string, unknown> = { tools };
  if (testCase.reach !== undefined) {
    const names = testCase.reach.names.map((ref) => resolveNameRef(catalog, ref));
    if (testCase.reach.via === 'settings') settings.activeTools = names;
    else settings.prepareStep = () => ({ activeTools: names });
  }
  const observation = await runScripted({
    kind: testCase.kind,
    steps: scriptOf(catalog, testCase.script),
    settings,
    toolDisclosure: {
      ...(policy === undefined ? {} : { policy }),
      mode: testCase.mode,
      maxTools: testCase.maxTools,
      core: testCase.core.map((plan) => selectorText(catalog, plan)),
      profile: 'p',
      profilePins: { p: testCase.pins.map((plan) => selectorText(catalog, plan)) },
    },
  });
  return { observation, executions };
}

function compareWorlds(
  testCase: TwoWorldsCase,
  a: Awaited<ReturnType<typeof runWorld>>,
  b: Awaited<ReturnType<typeof runWorld>>,
): string | undefined {
  const problems: string[] = [];
  if (a.observation.failure !== b.observation.failure) {
    problems.push(`failures differ: A ${a.observation.failure} / B ${b.observation.failure}`);
  }
  const requests = Math.max(a.observation.requests.length, b.observation.requests.length);
  for (let index = 0; index < requests && problems.length === 0; index++) {
    const left = a.observation.requests[index];
    const right = b.observation.requests[index];
    if (left === undefined || right === undefined) {
      problems.push(
        `A made ${a.observation.requests.length} model calls, B ${b.observation.requests.length}`,
      );
      break;
    }
    const tools = firstDifference(left.tools, right.tools);
    if (tools !== undefined) problems.push(`step ${index}: tool definitions differ, ${tools}`);
    const prompt = firstDifference(promptInCallOrder(left.prompt), promptInCallOrder(right.prompt));
    if (prompt !== undefined) problems.push(`step ${index}: prompts differ, ${prompt}`);
  }
  // What the app sees: the steps' calls, results, errors and approvals, and the messages it stores.
  const steps = firstDifference(
    stepsInCallOrder(a.observation.steps),
    stepsInCallOrder(b.observation.steps),
  );
  if (steps !== undefined) problems.push(`the app's steps differ, ${steps}`);
  const stored = firstDifference(
    promptInCallOrder(JSON.stringify(a.observation.responseMessages)),
    promptInCallOrder(JSON.stringify(b.observation.responseMessages)),
  );
  if (stored !== undefined) problems.push(`the app's response messages differ, ${stored}`);
  const byCall = (executions: readonly Execution[]) =>
    JSON.stringify(
      [...executions].sort((left, right) => left.toolCallId.localeCompare(right.toolCallId)),
    );
  const executed = firstDifference(byCall(a.executions), byCall(b.executions));
  if (executed !== undefined) problems.push(`executions differ, ${executed}`);
  if (problems.length === 0) return undefined;
  const denied = testCase.catalog
    .filter((spec) => isDenied(testCase, spec))
    .map((spec) => spec.key);
  return [
    ...problems,
    `denied in A (absent in B): ${readable(denied)}`,
    `script: ${readable(scriptOf(testCase.catalog, testCase.script))}`,
  ].join('\n');
}

describe('SPEC §8: the executor is the security boundary, and a denied tool does not exist (security property a)', () => {
  it(
    `gives byte-identical model requests and tool results with a policy as with the denied tools removed (${propertyRuns()} cases)`,
    async () => {
      await assertProperty(
        'policy two worlds',
        fc.asyncProperty(caseArbitrary, async (testCase) => {
          const { catalog, allow, deny } = testCase;
          const policy = {
            ...(allow === undefined
              ? {}
              : { allow: allow.map((plan) => selectorText(catalog, plan)) }),
            deny: deny.map((plan) => selectorText(catalog, plan)),
          };
          const kept = catalog.filter((spec) => !isDenied(testCase, spec));
          const worldA = await runWorld(testCase, catalog, policy);
          const worldB = await runWorld(testCase, kept, undefined);
          const difference = compareWorlds(testCase, worldA, worldB);
          if (difference !== undefined) throw new Error(difference);
        }),
      );
    },
    propertyTimeout(),
  );
});
