import type { MockLanguageModelV4 } from 'ai/test';
import { isRecord } from 'tool-disclosure/util';
import { candidateNames, type E2eTask } from './e2e-tasks.js';
import { readToolExchanges } from './read-tool-exchanges.js';

type CallOptions = Parameters<MockLanguageModelV4['doGenerate']>[0];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>;

/** The answer the scripted agent gives when no authorized tool fits a stage. */
export const NO_CAPABILITY_ANSWER = 'No authorized capability exists for this request.';

interface FoundTool {
  name: string;
  schema_complete?: boolean;
}

/**
 * A deterministic reference agent for `e2e`: it reads only what it is sent.
 * It calls the right tool directly when it is among the tools it was sent (all
 * of them when flat; core and pinned ones when deferred); otherwise, with
 * bridges, it searches with `tool_search`, reads the results, describes a tool
 * whose schema is incomplete, and runs it with `tool_call`. When nothing
 * relevant is found it answers that no authorized capability exists.
 *
 * @example
 * const model = await createScriptedE2eModel(E2E_TASKS);
 */
export async function createScriptedE2eModel(
  tasks: readonly E2eTask[],
): Promise<MockLanguageModelV4> {
  const { MockLanguageModelV4 } = await import('ai/test');
  return new MockLanguageModelV4({
    provider: 'scripted',
    modelId: 'reference-agent',
    doGenerate: async (options) => decide(options, tasks),
  });
}

function decide(options: CallOptions, tasks: readonly E2eTask[]): GenerateResult {
  const step = options.prompt.filter((message) => message.role === 'assistant').length + 1;
  const task = findTask(options, tasks);
  if (task === undefined) return answer('I do not know this task.');
  const advertised = new Set((options.tools ?? []).map((tool) => tool.name));
  const exchanges = readToolExchanges(options.prompt);
  const last = exchanges.at(-1);
  if (last?.error !== undefined) return answer('A tool failed; I stop here.');

  const realCalls = exchanges.filter(
    (exchange) => exchange.toolName !== 'tool_search' && exchange.toolName !== 'tool_describe',
  );
  const stage = task.stages[realCalls.length];
  if (stage === undefined) return answer('Done.');
  const names = candidateNames(stage);
  const argumentsOf = (name: string) => stage.candidates[name] ?? {};

  // A tool sent with its full schema (every tool when flat, core and pinned
  // ones when deferred) is called directly: searching for it would waste a turn.
  const direct = names.find((name) => advertised.has(name));
  if (direct !== undefined) return call(step, direct, argumentsOf(direct));
  if (!advertised.has('tool_search') || !advertised.has('tool_call')) {
    return answer(NO_CAPABILITY_ANSWER);
  }

  if (last?.toolName === 'tool_describe' && typeof last.input.name === 'string') {
    const name = last.input.name;
    return call(step, 'tool_call', { name, arguments: JSON.stringify(argumentsOf(name)) });
  }
  if (last?.toolName !== 'tool_search' || last.input.query !== stage.query) {
    return call(step, 'tool_search', { query: stage.query });
  }
  const results =
    isRecord(last.value) && Array.isArray(last.value.results)
      ? (last.value.results.filter(isRecord) as unknown as FoundTool[])
      : [];
  const found = results.find((result) => names.includes(result.name));
  if (found === undefined) return answer(NO_CAPABILITY_ANSWER);
  if (found.schema_complete === false && advertised.has('tool_describe')) {
    return call(step, 'tool_describe', { name: found.name });
  }
  return call(step, 'tool_call', {
    name: found.name,
    arguments: JSON.stringify(argumentsOf(found.name)),
  });
}

/** The task whose prompt is the first user message. */
function findTask(options: CallOptions, tasks: readonly E2eTask[]): E2eTask | undefined {
  const user = options.prompt.find((message) => message.role === 'user');
  if (user === undefined) return undefined;
  const text = user.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('')
    .trim();
  return tasks.find((task) => task.prompt === text);
}

const noUsage: GenerateResult['usage'] = {
  inputTokens: {
    total: undefined,
    noCache: undefined,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

function call(step: number, toolName: string, input: unknown): GenerateResult {
  return {
    content: [
      { type: 'tool-call', toolCallId: `call_${step}`, toolName, input: JSON.stringify(input) },
    ],
    finishReason: { unified: 'tool-calls', raw: undefined },
    usage: noUsage,
    warnings: [],
  };
}

function answer(text: string): GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: noUsage,
    warnings: [],
  };
}
