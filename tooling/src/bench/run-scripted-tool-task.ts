import { generateText as aiGenerateText, isStepCount, type ToolSet } from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import type { NamespaceDeclaration } from 'tool-disclosure/catalog';
import { definitionJson, estimateTokens } from 'tool-disclosure/disclosure';
import { generateText } from 'tool-disclosure/wrap';
import { deferAllTools } from './defer-all-tools.js';
import {
  type ScriptedModelResult,
  scriptedAnswer,
  scriptedToolCall,
} from './scripted-model-result.js';

/** The scripted task: find the clock tool, call it, answer. */
export const BENCH_TASK = 'What time is it in Berlin right now?';

/** What the scripted agent searches for. */
const searchQuery = 'current time in a time zone';
/** The words a search result must mention for the agent to call it. */
const wantedWords = ['current', 'time'];
const wantedArguments = { timezone: 'Europe/Berlin' };
const maxSteps = 6;

/** Which tool-search surface runs the task. */
export type ToolTaskVariant = 'builtin_tool_search' | 'ours';

/** What the model was sent on each step of the scripted task. */
export interface ToolTaskMeasurement {
  /** Estimated tokens of the tool definitions sent on each step, `{name, description, parameters}` compact JSON. */
  advertised_per_step: number[];
  steps: number;
  /** Steps whose sent tool list differs from the previous step's (each one a prompt-cache break). */
  tool_list_changes: number;
}

export interface RunScriptedToolTaskOptions {
  variant: ToolTaskVariant;
  /** The catalog, as AI SDK tools keyed by wire name; none may be named `tool_search`. */
  tools: ToolSet;
  /** Namespace descriptions for our wrapper. @default {} */
  namespaces?: Record<string, NamespaceDeclaration>;
}

type CallOptions = Parameters<MockLanguageModelV4['doGenerate']>[0];

/**
 * Runs the same scripted agent (search for a tool, call it, answer) over
 * `ai`'s built-in `toolSearch()` with `deferLoading` on every tool, or over
 * our wrapper in `namespaces` mode, and reports what was sent on each step.
 * Throws when the agent did not get to call the tool, so a broken surface
 * never reports plausible numbers.
 */
export async function runScriptedToolTask({
  variant,
  tools,
  namespaces = {},
}: RunScriptedToolTaskOptions): Promise<ToolTaskMeasurement> {
  const { MockLanguageModelV4 } = await import('ai/test');
  const model = new MockLanguageModelV4({
    provider: 'tool-disclosure',
    modelId: 'bench-agent',
    doGenerate: async (options) => decide(options),
  });
  const settings = { model, prompt: BENCH_TASK, stopWhen: isStepCount(maxSteps) };
  const result =
    variant === 'ours'
      ? await generateText({
          ...settings,
          tools,
          toolDisclosure: { mode: 'namespaces', namespaces, environment: {}, onWarning: () => {} },
        })
      : await aiGenerateText({ ...settings, tools: deferAllTools(tools) });

  const called = result.steps.some((step) =>
    step.content.some(
      (part) =>
        part.type === 'tool-result' && part.toolName !== 'tool_search' && part.preliminary !== true,
    ),
  );
  if (!called || result.text === '') {
    throw new Error(`the scripted agent did not finish its task through ${variant}`);
  }

  const sent = model.doGenerateCalls.map((call) => call.tools ?? []);
  const advertised_per_step = sent.map((stepTools) =>
    stepTools.reduce(
      (sum, sentTool) =>
        sentTool.type === 'function'
          ? sum +
            estimateTokens(
              definitionJson({
                name: sentTool.name,
                description: sentTool.description ?? '',
                parameters: sentTool.inputSchema as Record<string, unknown>,
              }),
            )
          : sum,
      0,
    ),
  );
  const lists = sent.map((stepTools) => JSON.stringify(stepTools));
  const tool_list_changes = lists.filter(
    (list, index) => index > 0 && list !== lists[index - 1],
  ).length;
  return { advertised_per_step, steps: sent.length, tool_list_changes };
}

/**
 * The agent, from what it is sent: search first; call the first result that
 * mentions every wanted word (through `tool_call` when it is advertised,
 * else by its name); answer once that call returned.
 */
function decide(options: CallOptions): ScriptedModelResult {
  const advertised = new Set((options.tools ?? []).map((sentTool) => sentTool.name));
  const results = toolResults(options);
  const last = results.at(-1);
  if (last === undefined) return scriptedToolCall('call_1', 'tool_search', { query: searchQuery });
  if (last.failed) return scriptedAnswer(`A tool failed: ${JSON.stringify(last.value)}`);
  if (last.toolName !== 'tool_search')
    return scriptedAnswer(`It is ${JSON.stringify(last.value)}.`);

  const found = foundNames(last.value).find((result) => {
    const text = `${result.name} ${result.description}`.toLowerCase();
    return wantedWords.every((word) => text.includes(word));
  });
  if (found === undefined) return scriptedAnswer('tool_search found no clock tool.');
  return advertised.has('tool_call')
    ? scriptedToolCall('call_2', 'tool_call', {
        name: found.name,
        arguments: JSON.stringify(wantedArguments),
      })
    : scriptedToolCall('call_2', found.name, wantedArguments);
}

/** Results of both surfaces: ours under `results`, the SDK's under `tools`. */
function foundNames(value: unknown): { name: string; description: string }[] {
  if (value === null || typeof value !== 'object') return [];
  const record = value as { results?: unknown; tools?: unknown };
  const list = Array.isArray(record.results)
    ? record.results
    : Array.isArray(record.tools)
      ? record.tools
      : [];
  return list
    .filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object')
    .map((item) => ({ name: String(item.name), description: String(item.description ?? '') }));
}

function toolResults(
  options: CallOptions,
): { toolName: string; value: unknown; failed: boolean }[] {
  return options.prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content.flatMap((part) =>
          part.type === 'tool-result'
            ? [
                {
                  toolName: part.toolName,
                  value: 'value' in part.output ? part.output.value : undefined,
                  failed: part.output.type === 'error-text' || part.output.type === 'error-json',
                },
              ]
            : [],
        )
      : [],
  );
}
