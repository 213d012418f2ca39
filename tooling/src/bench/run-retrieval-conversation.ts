import {
  generateText as aiGenerateText,
  isStepCount,
  type ModelMessage,
  type StepResult,
  type ToolSet,
} from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import type { NamespaceDeclaration } from 'tool-disclosure/catalog';
import type { HeaderBudget } from 'tool-disclosure/disclosure';
import { generateText } from 'tool-disclosure/wrap';
import type { PrefixMeter } from './create-prefix-meter.js';
import { lastSearchResults } from './last-search-results.js';
import { sampleArguments } from './sample-arguments.js';
import {
  type ScriptedModelResult,
  scriptedAnswer,
  scriptedToolCall,
} from './scripted-model-result.js';
import { serializeRequest } from './serialize-request.js';

/**
 * The surfaces of the retrieval-driven cost model: every tool sent with plain
 * `ai` (the reference, which needs no search), the AI SDK's `toolSearch()`
 * with `deferLoading` on every tool, and ours in namespaces mode.
 */
export const COST_PER_TASK_ARMS = Object.freeze(['full', 'ai_tool_search', 'namespaces'] as const);

export type CostPerTaskArm = (typeof COST_PER_TASK_ARMS)[number];

/** One request of a judged set, as the scripted agent works on it. */
export interface RetrievalTask {
  /** Unique within the run; call ids and the tool's answer derive from it, alike in every arm. */
  id: string;
  /** What the user wrote; the first search uses these words. */
  query: string;
  /** The second search's words (`shortenQuery`); none when shortening changes nothing. */
  retry?: string | undefined;
  /** The tools that do the task (judged grade 2 or 3, in the catalog) and their grades; empty for no match. */
  targets: ReadonlyMap<string, number>;
  /** The arguments the agent calls a tool with are varied by this number. */
  ordinal: number;
}

/** What one request of a conversation came to, read from the app's own steps. */
export interface RetrievalOutcome {
  /** `tool_search` calls the request made. */
  searches: number;
  /** Whether a tool of `targets` ran and answered. */
  completed: boolean;
}

export interface RunRetrievalConversationOptions {
  arm: CostPerTaskArm;
  /**
   * The catalog as the arm hands it to `ai`: every tool for `full` and ours,
   * `deferAllTools(tools)` for `ai_tool_search`.
   */
  tools: ToolSet;
  /** Each tool's JSON Schema, for the arguments of a call. */
  parametersOf: (name: string) => unknown;
  namespaces: Record<string, NamespaceDeclaration>;
  /** The conversation's requests, in order, one user message each. */
  tasks: readonly RetrievalTask[];
  /** Interns each model call's request, tools then messages. */
  meter: PrefixMeter;
  /** The `tool_search` description's room in our arm. @default 'standard' */
  headerBudget?: HeaderBudget;
}

export interface RetrievalConversation {
  /** Every model call's request, interned by `meter`, in order. */
  requests: Uint32Array[];
  /** Tool definitions in the first request: the surface a provider may hold from other conversations. */
  surfaceSegments: number;
  outcomes: RetrievalOutcome[];
}

/** Model calls one request may take: search, search again, call, answer. */
const stepsPerRequest = 4;

const silent = () => {};

/** The scripted agent's last words when a tool answered, and when it found none. */
export const RETRIEVAL_DONE_ANSWER = 'Done: the tool has answered.';
export const RETRIEVAL_GIVE_UP_ANSWER = 'No available tool can do this.';

type CallOptions = Parameters<MockLanguageModelV4['doGenerate']>[0];

/**
 * Runs one chat of consecutive requests through one arm, each request a
 * `generateText` call given the chat so far. The scripted agent calls a
 * target of the request that is in the tool list (the best-graded; always so
 * for `full`); otherwise it searches with the request's own words, calls the
 * best-graded target the results show (through `tool_call` when it is not in
 * the tool list), else searches once more with the shorter wording, else gives
 * up, as it does at once when nothing is listed to search with. Outcomes come
 * from the app's steps, not from the script.
 */
export async function runRetrievalConversation({
  arm,
  tools,
  parametersOf,
  namespaces,
  tasks,
  meter,
  headerBudget,
}: RunRetrievalConversationOptions): Promise<RetrievalConversation> {
  const { MockLanguageModelV4 } = await import('ai/test');
  const requests: Uint32Array[] = [];
  let surfaceSegments = 0;
  const model = new MockLanguageModelV4({
    provider: 'tool-disclosure',
    modelId: 'retrieval-agent',
    doGenerate: async (options) => {
      if (requests.length === 0) surfaceSegments = options.tools?.length ?? 0;
      requests.push(meter.intern(serializeRequest(options)));
      // Only the interned request is kept: a 10,000-tool list per call would fill the heap.
      model.doGenerateCalls.length = 0;
      return decide(options, tasks, parametersOf);
    },
  });
  let history: ModelMessage[] = [];
  const outcomes: RetrievalOutcome[] = [];
  for (const task of tasks) {
    const messages: ModelMessage[] = [...history, { role: 'user', content: task.query }];
    const settings = { model, messages, stopWhen: isStepCount(stepsPerRequest) };
    const result =
      arm === 'namespaces'
        ? await generateText({
            ...settings,
            tools,
            toolDisclosure: {
              mode: 'namespaces',
              namespaces,
              environment: {},
              onWarning: silent,
              ...(headerBudget === undefined ? {} : { headerBudget }),
            },
          })
        : await aiGenerateText({ ...settings, tools });
    if (result.finishReason !== 'stop') {
      throw new Error(`the ${arm} agent did not answer request ${task.id} within its steps`);
    }
    outcomes.push(outcomeOf(result.steps, task));
    history = [...messages, ...result.responseMessages];
  }
  return { requests, surfaceSegments, outcomes };
}

function outcomeOf(steps: readonly StepResult<ToolSet>[], task: RetrievalTask): RetrievalOutcome {
  let searches = 0;
  let completed = false;
  for (const step of steps) {
    for (const call of step.toolCalls) if (call.toolName === 'tool_search') searches++;
    for (const result of step.toolResults) {
      if (task.targets.has(result.toolName)) completed = true;
    }
  }
  return { searches, completed };
}

function decide(
  options: CallOptions,
  tasks: readonly RetrievalTask[],
  parametersOf: (name: string) => unknown,
): ScriptedModelResult {
  const users = options.prompt.flatMap((message, index) =>
    message.role === 'user' ? [index] : [],
  );
  const task = tasks[users.length - 1];
  if (task === undefined) throw new Error('the retrieval agent got a request it was not given');
  const since = options.prompt.slice((users.at(-1) as number) + 1);
  const listed = (options.tools ?? []).map((sent) => sent.name);
  const call = (name: string): ScriptedModelResult => {
    const input = sampleArguments(parametersOf(name), task.ordinal);
    return !listed.includes(name) && listed.includes('tool_call')
      ? scriptedToolCall(`${task.id}_call`, 'tool_call', {
          name,
          arguments: JSON.stringify(input),
        })
      : scriptedToolCall(`${task.id}_call`, name, input);
  };
  const last = [...since].reverse().find((message) => message.role === 'tool');
  if (last === undefined) {
    const shown = bestTarget(listed, task.targets);
    if (shown !== undefined) return call(shown);
    return listed.includes('tool_search')
      ? scriptedToolCall(`${task.id}_search_1`, 'tool_search', { query: task.query })
      : scriptedAnswer(RETRIEVAL_GIVE_UP_ANSWER);
  }
  const answered = last.content.some(
    (part) => part.type === 'tool-result' && part.toolName !== 'tool_search',
  );
  if (answered) return scriptedAnswer(RETRIEVAL_DONE_ANSWER);
  const found = bestTarget(lastSearchResults(options), task.targets);
  if (found !== undefined) return call(found);
  const searches = since.filter(
    (message) =>
      message.role === 'assistant' &&
      message.content.some((part) => part.type === 'tool-call' && part.toolName === 'tool_search'),
  ).length;
  if (searches === 1 && task.retry !== undefined) {
    return scriptedToolCall(`${task.id}_search_2`, 'tool_search', { query: task.retry });
  }
  return scriptedAnswer(RETRIEVAL_GIVE_UP_ANSWER);
}

/** The found tool of the highest grade among the targets, the first found among equals. */
export function bestTarget(
  found: readonly string[],
  targets: ReadonlyMap<string, number>,
): string | undefined {
  let best: string | undefined;
  let bestGrade = 0;
  for (const name of found) {
    const grade = targets.get(name) ?? 0;
    if (grade > bestGrade) {
      best = name;
      bestGrade = grade;
    }
  }
  return best;
}
