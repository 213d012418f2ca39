import { generateText as aiGenerateText, isStepCount } from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import type { NamespaceDeclaration, ToolDefinition } from 'tool-disclosure/catalog';
import type { HeaderBudget } from 'tool-disclosure/disclosure';
import { estimateTokens } from 'tool-disclosure/disclosure';
import { generateText } from 'tool-disclosure/wrap';
import type { EvalIntent } from '../eval/eval-corpus.js';
import { deferAllTools } from './defer-all-tools.js';
import { lastSearchResults } from './last-search-results.js';
import type { PricingProfile } from './pricing-profiles.js';
import { roundTo } from './round-to.js';
import { sampleArguments } from './sample-arguments.js';
import {
  type ScriptedModelResult,
  scriptedAnswer,
  scriptedToolCall,
} from './scripted-model-result.js';
import { serializeRequest } from './serialize-request.js';
import { createSizedResultTools } from './sized-result.js';

/**
 * The surfaces the cost model runs. `ai_code_mode` is not among them: the only
 * published `@ai-sdk/code-mode` (1.0.42) has no `toolDiscovery` option (its
 * `code_mode` tool describes every tool it is given, so the surface is the
 * full catalog as TypeScript types) and requires `ai` 7.0.85 exactly.
 */
export const COST_MODEL_ARMS = Object.freeze([
  'full',
  'ai_tool_search',
  'namespaces',
  'promote',
] as const);

export type CostModelArm = (typeof COST_MODEL_ARMS)[number];

/** One run's input summed over its steps, under one pricing profile. */
export interface CostModelRow {
  arm: CostModelArm;
  tools: number;
  steps: number;
  pricing: string;
  /** Estimated tokens of every request, tools then messages. */
  input_tokens: number;
  /** Of those, the tokens of each request's prefix shared with the previous request. */
  cached_tokens: number;
  /** `cached × cache_read + (input − cached) × cache_write`, in base-input token-equivalents. */
  billed_input: number;
}

/** What one step's request cost, before pricing. */
export interface StepTokens {
  input: number;
  cached: number;
}

/** A searching arm looks for a new tool every this many steps. */
export const COST_MODEL_SEARCH_PERIOD = 5;

export interface RunCostModelArmOptions {
  arm: CostModelArm;
  /** The catalog; every tool answers 1–2 KB of deterministic JSON. */
  definitions: readonly ToolDefinition[];
  namespaces: Record<string, NamespaceDeclaration>;
  /** What the agent looks for, in order (cycled); each names a tool of `definitions`. */
  tasks: readonly CostModelTask[];
  /** Model calls in the run; the last one answers. */
  steps: number;
  /** The `tool_search` description's room in our arms. @default 'standard' */
  headerBudget?: HeaderBudget;
}

/** One thing the scripted agent does: search with `query`, then call `tool`. */
export interface CostModelTask {
  query: string;
  tool: string;
}

type CallOptions = Parameters<MockLanguageModelV4['doGenerate']>[0];

const silent = () => {};

/**
 * Runs the scripted long task through one arm and returns, per model call, the
 * estimated tokens of the request as a provider receives it (tools first, then
 * messages) and of its prefix shared with the previous call's request: what a
 * provider's prompt cache can serve. The request of step k depends only on the
 * steps before it, so a run of n steps gives the figures of every shorter run.
 *
 * The agent: every `COST_MODEL_SEARCH_PERIOD` steps a searching arm searches
 * for the next task's tool and then calls it on the following steps (directly
 * when it is advertised, else through `tool_call`); the `full` arm calls the
 * task's tool on every step. The last step answers.
 */
export async function runCostModelArm({
  arm,
  definitions,
  namespaces,
  tasks,
  steps,
  headerBudget,
}: RunCostModelArmOptions): Promise<StepTokens[]> {
  if (tasks.length === 0) throw new Error('the cost model needs at least one task');
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const { MockLanguageModelV4 } = await import('ai/test');
  const model = new MockLanguageModelV4({
    provider: 'tool-disclosure',
    modelId: 'cost-agent',
    doGenerate: async (options) => decide(options, { arm, tasks, steps, byName }),
  });
  const tools = createSizedResultTools(definitions);
  const settings = {
    model,
    prompt: 'Work through the open tickets with the tools you have, one after another.',
    stopWhen: isStepCount(steps),
  };
  if (arm === 'full') await aiGenerateText({ ...settings, tools });
  else if (arm === 'ai_tool_search')
    await aiGenerateText({ ...settings, tools: deferAllTools(tools) });
  else {
    await generateText({
      ...settings,
      tools,
      toolDisclosure: {
        mode: 'namespaces',
        namespaces,
        environment: {},
        onWarning: silent,
        promote: arm === 'promote',
        ...(headerBudget === undefined ? {} : { headerBudget }),
      },
    });
  }
  const calls = model.doGenerateCalls;
  if (calls.length !== steps) {
    throw new Error(`the cost model's ${arm} run took ${calls.length} of ${steps} steps`);
  }
  return measureRequests(calls.map(serializeRequest));
}

/**
 * Token counts of requests given as segments (each tool definition, each
 * message), with each request's prefix shared with the previous one: whole equal
 * leading segments plus the common start of the first differing one.
 */
export function measureRequests(requests: readonly (readonly string[])[]): StepTokens[] {
  const memo = new Map<string, number>();
  const count = (segment: string): number => {
    let tokens = memo.get(segment);
    if (tokens === undefined) {
      tokens = estimateTokens(segment);
      memo.set(segment, tokens);
    }
    return tokens;
  };
  let previous: readonly string[] = [];
  return requests.map((segments) => {
    let input = 0;
    let cached = 0;
    let sharing = true;
    for (const [index, segment] of segments.entries()) {
      const tokens = count(segment);
      input += tokens;
      if (!sharing) continue;
      const before = previous[index];
      if (before === segment) cached += tokens;
      else {
        sharing = false;
        if (before !== undefined) cached += estimateTokens(commonPrefix(before, segment));
      }
    }
    previous = segments;
    return { input, cached: Math.min(cached, input) };
  });
}

/** Sums a run's first `steps` steps under `profile`. */
export function priceSteps(
  measured: readonly StepTokens[],
  steps: number,
  profile: PricingProfile,
): { input_tokens: number; cached_tokens: number; billed_input: number } {
  let input_tokens = 0;
  let cached_tokens = 0;
  let billed = 0;
  for (const { input, cached } of measured.slice(0, steps)) {
    input_tokens += input;
    cached_tokens += cached;
    billed += cached * profile.cache_read + (input - cached) * profile.cache_write;
  }
  return { input_tokens, cached_tokens, billed_input: roundTo(billed, 1) };
}

/** Intent classes whose query names the tool outright: not what an agent searches with. */
const nameLikeClasses = new Set(['exact_name', 'canonical_id', 'no_match']);

/**
 * The agent's tasks: each intent's best-graded tool that is in the catalog,
 * with the intent's query, in corpus order, each tool once; intents whose
 * query is a tool's name come last.
 */
export function costModelTasks(
  intents: readonly EvalIntent[],
  definitions: readonly ToolDefinition[],
): CostModelTask[] {
  const names = new Set(definitions.map((definition) => definition.name));
  const seen = new Set<string>();
  const tasks: CostModelTask[] = [];
  const ordered = [
    ...intents.filter((intent) => !nameLikeClasses.has(intent.class)),
    ...intents.filter((intent) => nameLikeClasses.has(intent.class) && intent.class !== 'no_match'),
  ];
  for (const intent of ordered) {
    const best = Object.entries(intent.relevance)
      .filter(([name]) => names.has(name))
      .sort((left, right) => right[1] - left[1])[0];
    if (best === undefined || seen.has(best[0])) continue;
    seen.add(best[0]);
    tasks.push({ query: intent.query, tool: best[0] });
  }
  return tasks;
}

function commonPrefix(left: string, right: string): string {
  const length = Math.min(left.length, right.length);
  let index = 0;
  while (index < length && left.charCodeAt(index) === right.charCodeAt(index)) index++;
  return left.slice(0, index);
}

interface AgentContext {
  arm: CostModelArm;
  tasks: readonly CostModelTask[];
  steps: number;
  byName: ReadonlyMap<string, ToolDefinition>;
}

function decide(
  options: CallOptions,
  { arm, tasks, steps, byName }: AgentContext,
): ScriptedModelResult {
  const step = options.prompt.filter((message) => message.role === 'assistant').length;
  const id = `call_${step + 1}`;
  if (step >= steps - 1) return scriptedAnswer('All tickets are handled.');
  const task = tasks[Math.floor(step / COST_MODEL_SEARCH_PERIOD) % tasks.length] as CostModelTask;
  const argumentsOf = (name: string) => sampleArguments(byName.get(name)?.parameters, step);
  if (arm === 'full') return scriptedToolCall(id, task.tool, argumentsOf(task.tool));
  const found = step % COST_MODEL_SEARCH_PERIOD === 0 ? [] : lastSearchResults(options);
  if (found.length === 0) return scriptedToolCall(id, 'tool_search', { query: task.query });
  const name = found.includes(task.tool) ? task.tool : (found[0] as string);
  const advertised = new Set((options.tools ?? []).map((sent) => sent.name));
  if (!advertised.has(name) && advertised.has('tool_call')) {
    return scriptedToolCall(id, 'tool_call', {
      name,
      arguments: JSON.stringify(argumentsOf(name)),
    });
  }
  return scriptedToolCall(id, name, argumentsOf(name));
}

export interface MeasureCostModelOptions {
  /** The catalog of each size. */
  definitionsOf: (size: number) => ToolDefinition[];
  namespaces: Record<string, NamespaceDeclaration>;
  intents: readonly EvalIntent[];
  sizes: readonly number[];
  stepCounts: readonly number[];
  pricing: Readonly<Record<string, PricingProfile>>;
  onProgress?: (message: string) => void;
}

/**
 * Every arm at every size, run once for the longest step count; one row per
 * arm, size, step count and pricing profile.
 */
export async function measureCostModel({
  definitionsOf,
  namespaces,
  intents,
  sizes,
  stepCounts,
  pricing,
  onProgress = silent,
}: MeasureCostModelOptions): Promise<CostModelRow[]> {
  const counts = [...new Set(stepCounts)].sort((left, right) => left - right);
  const longest = counts.at(-1);
  if (longest === undefined) return [];
  const rows: CostModelRow[] = [];
  for (const size of [...new Set(sizes)].sort((left, right) => left - right)) {
    const definitions = definitionsOf(size);
    const tasks = costModelTasks(intents, definitions);
    for (const arm of COST_MODEL_ARMS) {
      onProgress(`cost model: ${arm}, ${size} tools, ${longest} steps`);
      const measured = await runCostModelArm({
        arm,
        definitions,
        namespaces,
        tasks,
        steps: longest,
      });
      for (const steps of counts) {
        for (const [name, profile] of Object.entries(pricing)) {
          rows.push({
            arm,
            tools: size,
            steps,
            pricing: name,
            ...priceSteps(measured, steps, profile),
          });
        }
      }
    }
  }
  return rows;
}
