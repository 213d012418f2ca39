import { performance } from 'node:perf_hooks';
import { generateText as aiGenerateText, isStepCount, type ToolSet } from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import type { ToolDisclosureOptions } from 'tool-disclosure/wrap';
import { generateText } from 'tool-disclosure/wrap';
import { exposeGc } from './expose-gc.js';
import { BENCH_WRAPPER_OPTIONS } from './measure-wrapper-overhead.js';
import {
  type ScriptedModelResult,
  scriptedAnswer,
  scriptedToolCall,
} from './scripted-model-result.js';
import { type StepCost, summarizeStepCost } from './summarize-step-cost.js';
import { timeAlternately } from './time-alternately.js';

/** Model calls in every run of the step cost: a search (or a call), a call, an answer. */
export const STEP_COST_STEPS = 3;

/** The step cost's catalogs: tools written with zod, and with JSON Schema (as MCP tools are). */
export const STEP_COST_CATALOGS = Object.freeze(['zod', 'json_schema'] as const);

export type StepCostCatalog = (typeof STEP_COST_CATALOGS)[number];

const prompt = 'What time is it in Berlin right now?';
const answer = 'done';

export interface MeasureStepCostOptions {
  /** The catalog, as the application passes it to `generateText`. */
  tools: ToolSet;
  /** The application's name of a tool the wrapper does not advertise: every run calls it. */
  target: string;
  /** The target's arguments, valid for its input schema. */
  input: Record<string, unknown>;
  /** What our run's model searches for before it calls the target through `tool_call`. */
  query: string;
  /** The wrapper's options. @default BENCH_WRAPPER_OPTIONS */
  options?: ToolDisclosureOptions;
  /** Timed pairs of runs, one through each `generateText`, alternating which goes first. @default 9 */
  pairs?: number;
  /** Untimed pairs before the timed ones (caches filled, code compiled). @default 2 */
  warmUpPairs?: number;
  /** The clock, in milliseconds. @default performance.now */
  now?: () => number;
}

type Arm = 'ours' | 'plain_ai';

/**
 * The cost of one model step through our `generateText` beside the same step
 * through plain `ai`'s with the same tools, every tool active (as an
 * application without the library sends them): runs of three model calls of
 * a scripted `MockLanguageModelV4` whose own cost is a counter. Ours searches,
 * calls the target through `tool_call` and answers; plain `ai`'s calls the
 * target twice and answers, so both execute two tools. Runs alternate in one
 * process, each after a minor collection (neither pays for the other's young
 * garbage), the same `tools` record every time (warm caches, as in a serving
 * process). Throws when a run did not go as scripted, or when our model was
 * sent the target's definition or plain `ai`'s model not every tool's, so a
 * broken surface never reports plausible numbers.
 *
 * @example
 * const { ratio } = await measureStepCost({
 *   tools, target: 'builtin__current_time', input: { timezone: 'Europe/Berlin' },
 *   query: 'current time in a time zone',
 * });
 */
export async function measureStepCost({
  tools,
  target,
  input,
  query,
  options = BENCH_WRAPPER_OPTIONS,
  pairs = 9,
  warmUpPairs = 2,
  now = () => performance.now(),
}: MeasureStepCostOptions): Promise<StepCost> {
  if (!Object.hasOwn(tools, target)) {
    throw new Error(`the step cost's target ${JSON.stringify(target)} is not among the tools`);
  }
  const { MockLanguageModelV4 } = await import('ai/test');
  const toolCount = Object.keys(tools).length;
  const scripts: Record<Arm, readonly ScriptedModelResult[]> = {
    ours: [
      scriptedToolCall('call_1', 'tool_search', { query }),
      scriptedToolCall('call_2', 'tool_call', { name: target, arguments: JSON.stringify(input) }),
      scriptedAnswer(answer),
    ],
    plain_ai: [
      scriptedToolCall('call_1', target, input),
      scriptedToolCall('call_2', target, input),
      scriptedAnswer(answer),
    ],
  };
  const collect = exposeGc('minor');
  const run = async (arm: Arm): Promise<number> => {
    const script = scripts[arm];
    let call = 0;
    const model = new MockLanguageModelV4({
      provider: 'tool-disclosure',
      modelId: 'bench-step-cost',
      doGenerate: async () => script[Math.min(call++, script.length - 1)] as ScriptedModelResult,
    });
    const settings = { model, prompt, stopWhen: isStepCount(STEP_COST_STEPS) };
    collect();
    const start = now();
    const result =
      arm === 'ours'
        ? await generateText({ ...settings, tools, toolDisclosure: options })
        : await aiGenerateText({ ...settings, tools });
    const elapsed = now() - start;
    checkRun(arm, result, model, { target, toolCount });
    return elapsed;
  };

  for (let pair = 0; pair < warmUpPairs; pair++) {
    await run('ours');
    await run('plain_ai');
  }
  const { first: oursMs, second: plainMs } = await timeAlternately(
    pairs,
    () => run('ours'),
    () => run('plain_ai'),
  );
  return summarizeStepCost({ oursMs, plainMs, steps: STEP_COST_STEPS });
}

type RunResult = Awaited<ReturnType<typeof aiGenerateText>>;

/** Throws unless the run went as scripted and each model was sent what its arm sends. */
function checkRun(
  arm: Arm,
  result: RunResult,
  model: MockLanguageModelV4,
  { target, toolCount }: { target: string; toolCount: number },
): void {
  const resultsOf = (step: number) =>
    (result.steps[step]?.content ?? []).flatMap((part) =>
      part.type === 'tool-result' && part.preliminary !== true ? [part.toolName] : [],
    );
  const expected = arm === 'ours' ? ['tool_search', target] : [target, target];
  const got = [resultsOf(0)[0], resultsOf(1)[0]];
  const problem =
    result.steps.length !== STEP_COST_STEPS || result.text !== answer
      ? `took ${result.steps.length} steps and answered ${JSON.stringify(result.text)}`
      : got[0] !== expected[0] || got[1] !== expected[1]
        ? `ran ${JSON.stringify(got)}, not ${JSON.stringify(expected)}`
        : sentProblem(arm, model, { target, toolCount });
  if (problem !== undefined) {
    throw new Error(`the step cost's run through ${arm} ${problem}`);
  }
}

function sentProblem(
  arm: Arm,
  model: MockLanguageModelV4,
  { target, toolCount }: { target: string; toolCount: number },
): string | undefined {
  for (const call of model.doGenerateCalls) {
    const sent = call.tools ?? [];
    if (arm === 'plain_ai' && sent.length !== toolCount) {
      return `sent the model ${sent.length} of ${toolCount} tools`;
    }
    if (arm === 'ours' && sent.length >= toolCount) {
      return `sent the model ${sent.length} tools, no fewer than the catalog's ${toolCount}`;
    }
    if (arm === 'ours' && sent.some((sentTool) => sentTool.name === target)) {
      return `sent the model the target ${JSON.stringify(target)}: it is advertised, not deferred`;
    }
  }
  return undefined;
}
