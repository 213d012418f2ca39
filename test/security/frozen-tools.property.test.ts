import type { Tool } from 'ai';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { freezeTools } from '../../src/bridge.js';
import type { DisclosureMode } from '../../src/disclosure/index.js';
import { createToolDisclosureCache } from '../../src/index.js';
import {
  buildTools,
  catalogArbitrary,
  type Execution,
  loggingTool,
  scriptOf,
  scriptPlanArbitrary,
  type ToolSpec,
} from './arbitraries.js';
import { assertProperty, propertyRuns, propertyTimeout } from './property-runs.js';
import {
  firstDifference,
  type Kind,
  promptInCallOrder,
  runScripted,
  setOwn,
  stepsInCallOrder,
} from './scripted-run.js';

/**
 * Freezing changes nothing the model or the application sees (issue 12): a
 * record frozen with `freezeTools`, which the wrapper reads once and then
 * serves without checking it key by key, gives byte-identical model requests,
 * steps and tool executions to the same tools unfrozen, on a first request
 * and on warm requests with other contexts, whatever the catalog, the mode,
 * the caps, promotion, approval by annotations and the model's calls.
 */

/** What a tool carries beyond its spec: MCP annotations, tags, or a description from its context. */
type Flavor = 'plain' | 'read-only' | 'destructive' | 'tagged' | 'contextual';

interface FrozenCase {
  readonly specs: ToolSpec[];
  readonly flavors: readonly Flavor[];
  readonly kind: Kind;
  readonly mode: DisclosureMode;
  readonly maxTools: number;
  readonly promote: boolean;
  readonly approval: boolean;
  readonly plan: Parameters<typeof scriptOf>[1];
  readonly users: readonly string[];
}

const caseArbitrary: fc.Arbitrary<FrozenCase> = fc.record({
  specs: catalogArbitrary({ minTools: 2, maxTools: 30 }),
  flavors: fc.array(
    fc.constantFrom<Flavor>('plain', 'read-only', 'destructive', 'tagged', 'contextual'),
    {
      minLength: 30,
      maxLength: 30,
    },
  ),
  kind: fc.constantFrom('generateText' as const, 'streamText' as const),
  mode: fc.constantFrom<DisclosureMode>('off', 'compact', 'signatures', 'namespaces', 'bridged'),
  maxTools: fc.oneof(fc.integer({ min: 1, max: 8 }), fc.constant(100)),
  promote: fc.boolean(),
  approval: fc.boolean(),
  plan: scriptPlanArbitrary,
  users: fc.array(fc.constantFrom('alice', 'bob', 'carol'), { minLength: 2, maxLength: 3 }),
});

/** One tool of a case, with its flavor, logging its executions into `log`. */
function flavoredTool(spec: ToolSpec, flavor: Flavor, log: Execution[]): Tool {
  const base = loggingTool(spec, log) as Tool & Record<string, unknown>;
  switch (flavor) {
    case 'plain':
      return base;
    case 'read-only':
      return { ...base, metadata: { annotations: { readOnlyHint: true } } } as Tool;
    case 'destructive':
      return {
        ...base,
        metadata: { annotations: { readOnlyHint: false, destructiveHint: true } },
      } as Tool;
    case 'tagged':
      return { ...base, metadata: { tags: ['filler'], aliases: [`${spec.key}_alias`] } } as Tool;
    case 'contextual':
      return {
        ...base,
        description: ({ context }: { context?: { user?: string } }) =>
          `${spec.description} For ${String(context?.user)}.`,
      } as unknown as Tool;
  }
}

/** Runs the case's requests against one tools record (the same object each time). */
async function observe(testCase: FrozenCase, frozen: boolean): Promise<string[]> {
  const log: Execution[] = [];
  const built = buildTools(testCase.specs, (spec) =>
    flavoredTool(spec, testCase.flavors[testCase.specs.indexOf(spec)] ?? 'plain', log),
  );
  const tools = frozen ? freezeTools(built) : built;
  const cache = createToolDisclosureCache();
  const steps = scriptOf(testCase.specs, testCase.plan);
  const runs: string[] = [];
  for (const user of testCase.users) {
    const toolsContext: Record<string, unknown> = {};
    for (const spec of testCase.specs) setOwn(toolsContext, spec.key, { user });
    const before = log.length;
    const observation = await runScripted({
      kind: testCase.kind,
      steps,
      settings: { tools, toolsContext },
      toolDisclosure: {
        mode: testCase.mode,
        maxTools: testCase.maxTools,
        promote: testCase.promote,
        cache,
        ...(testCase.approval ? { requireApprovalFor: ['destructive' as const] } : {}),
      },
    });
    runs.push(
      withNumberedIds(
        JSON.stringify([
          observation.requests.map((request) => ({
            tools: request.tools,
            prompt: promptInCallOrder(request.prompt),
          })),
          stepsInCallOrder(observation.steps),
          observation.failure ?? null,
          log.slice(before).sort((left, right) => left.toolCallId.localeCompare(right.toolCallId)),
        ]),
      ),
    );
  }
  return runs;
}

/** The SDK's random ids (of approval requests) numbered in order of appearance, so runs compare. */
function withNumberedIds(text: string): string {
  const numbers = new Map<string, number>();
  return text.replace(/aitxt-[A-Za-z0-9]+/g, (id) => {
    if (!numbers.has(id)) numbers.set(id, numbers.size + 1);
    return `generated-id-${numbers.get(id)}`;
  });
}

describe('freezeTools: a frozen record is served as its unfrozen copy would be (issue 12)', () => {
  it(
    `gives byte-identical requests, steps and executions, first and warm (${propertyRuns()} cases)`,
    async () => {
      await assertProperty(
        'frozen tools records',
        fc.asyncProperty(caseArbitrary, async (testCase) => {
          const unfrozen = await observe(testCase, false);
          const frozen = await observe(testCase, true);
          for (const [index, expected] of unfrozen.entries()) {
            const difference = firstDifference(expected, frozen[index] ?? '');
            if (difference !== undefined) {
              throw new Error(
                `request ${index + 1} (user ${testCase.users[index]}) differs (A unfrozen, B frozen): ${difference}`,
              );
            }
          }
        }),
      );
    },
    propertyTimeout(),
  );
});
