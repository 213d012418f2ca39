import { isStepCount, type LanguageModel, type Tool, type ToolSet, wrapLanguageModel } from 'ai';
import type { NamespaceDeclaration, ToolDefinition } from 'tool-disclosure/catalog';
import { createGlobMatcher, encodeDots } from 'tool-disclosure/catalog';
import type { DisclosureMode, ProfilePins } from 'tool-disclosure/disclosure';
import { clearSearchIndexCache } from 'tool-disclosure/search';
import { asObject, stableHash } from 'tool-disclosure/util';
import { generateText } from 'tool-disclosure/wrap';
import { DISTRACTOR_GENERATOR_VERSION, DISTRACTOR_SEED } from '../eval/generate-distractors.js';
import { buildE2eCatalog } from './build-e2e-catalog.js';
import { createDemoTools } from './demo-tools.js';
import type { E2eFailureKind, E2eModelInfo, E2eObservation } from './e2e-observation.js';
import { candidateNames, type E2eTask } from './e2e-tasks.js';

type BaseModel = Parameters<typeof wrapLanguageModel>[0]['model'];

/** Settings of one end-to-end run. */
export interface RunE2eOptions {
  /** The judged corpus: its tools and namespace declarations. */
  corpus: { tools: readonly ToolDefinition[]; namespaces?: Record<string, NamespaceDeclaration> };
  tasks: readonly E2eTask[];
  arms: readonly DisclosureMode[];
  /** Catalog sizes in tools, as `buildE2eCatalog` makes them. */
  sizes: readonly number[];
  /** Warm repetitions after the one cold run. */
  repetitions: number;
  model: BaseModel;
  modelInfo: E2eModelInfo;
  /** Globs on canonical ids denied in every run. */
  policy: { deny: readonly string[] };
  /**
   * The profile every run is made for, with its pin map. The wrapper gets both
   * in every arm; only `bridged` advertises the pinned tools, as the spec has it.
   */
  profile?: { id: string; pins: ProfilePins };
  /** True for real models: provider tokens and latency are recorded; otherwise they are null. @default false */
  measured?: boolean;
  /** Steps per task. @default 10 */
  maxSteps?: number;
  /** Called after each observation, for progress output. */
  onObservation?: (observation: E2eObservation) => void;
}

const instructions =
  'Use the tools you are given. When tool_search is available, find tools with it and run them with tool_call. If no authorized tool can do what is asked, say that no such capability exists.';

interface ExecutionLog {
  started: number;
  firstCorrectAt: number | undefined;
  expected: ReadonlySet<string>;
  executed: { name: string; ok: boolean }[];
}

/**
 * Runs every task for each arm and catalog size (exactly that many tools): one cold run (search index
 * cache cleared, a fresh tools record) and `repetitions` warm runs reusing it.
 * Returns one schema-version-2 observation per task run.
 */
export async function runE2e({
  corpus,
  tasks,
  arms,
  sizes,
  repetitions,
  model,
  modelInfo,
  policy,
  profile,
  measured = false,
  maxSteps = 10,
  onObservation,
}: RunE2eOptions): Promise<E2eObservation[]> {
  const observations: E2eObservation[] = [];
  const isDenied = createGlobMatcher(policy.deny, 'policy.deny');
  for (const size of sizes) {
    const definitions = buildE2eCatalog({ tools: corpus.tools, tasks, policy, size });
    const denied = definitions.filter((definition) => isDenied(canonicalId(definition.name)));
    const leakSignatures = denied.map((definition) => ({
      name: definition.name,
      texts: [
        definition.name,
        canonicalId(definition.name),
        ...(definition.description ? [JSON.stringify(definition.description).slice(1, -1)] : []),
        ...(definition.parameters ? [JSON.stringify(definition.parameters)] : []),
      ],
    }));
    const namespaceCount = new Set(definitions.map((definition) => namespaceOf(definition.name)))
      .size;
    for (const arm of arms) {
      let tools: ToolSet = {};
      const log: ExecutionLog = {
        started: 0,
        firstCorrectAt: undefined,
        expected: new Set(),
        executed: [],
      };
      for (let repetition = 0; repetition <= repetitions; repetition += 1) {
        const thermal = repetition === 0 ? 'cold' : 'warm';
        if (thermal === 'cold') {
          clearSearchIndexCache();
          tools = createLoggedTools(definitions, log);
        }
        for (const task of tasks) {
          const observation = await runTask({
            task,
            arm,
            tools,
            log,
            model,
            policy,
            profile,
            namespaces: corpus.namespaces,
            maxSteps,
            measured,
            leakSignatures,
            deniedNames: new Set(denied.map((definition) => definition.name)),
          });
          const complete: E2eObservation = {
            schema_version: 2,
            catalog: {
              generator_version: DISTRACTOR_GENERATOR_VERSION,
              seed: DISTRACTOR_SEED,
              tool_count: definitions.length,
              namespace_count: namespaceCount,
            },
            arm,
            model: { ...modelInfo },
            run: { thermal_class: thermal, repetition },
            ...observation,
          };
          observations.push(complete);
          onObservation?.(complete);
        }
      }
    }
  }
  return observations;
}

type TaskOutcome = Omit<E2eObservation, 'schema_version' | 'catalog' | 'arm' | 'model' | 'run'>;

async function runTask({
  task,
  arm,
  tools,
  log,
  model: baseModel,
  policy,
  profile,
  namespaces,
  maxSteps,
  measured,
  leakSignatures,
  deniedNames,
}: {
  task: E2eTask;
  arm: DisclosureMode;
  tools: ToolSet;
  log: ExecutionLog;
  model: BaseModel;
  policy: { deny: readonly string[] };
  profile: { id: string; pins: ProfilePins } | undefined;
  namespaces: Record<string, NamespaceDeclaration> | undefined;
  maxSteps: number;
  measured: boolean;
  leakSignatures: readonly { name: string; texts: readonly string[] }[];
  deniedNames: ReadonlySet<string>;
}): Promise<TaskOutcome> {
  const expected = new Set(task.stages.flatMap(candidateNames));
  const sentTexts: string[] = [];
  const toolHashes: string[] = [];
  const model = wrapLanguageModel({
    model: baseModel,
    middleware: {
      specificationVersion: 'v4',
      transformParams: async ({ params }) => {
        const toolsJson = JSON.stringify(params.tools ?? []);
        toolHashes.push(stableHash(toolsJson));
        sentTexts.push(toolsJson, JSON.stringify(params.prompt));
        return params;
      },
    },
  });
  log.started = performance.now();
  log.firstCorrectAt = undefined;
  log.expected = expected;
  log.executed = [];
  let steps: Awaited<ReturnType<typeof generateText>>['steps'] = [];
  let usage: Awaited<ReturnType<typeof generateText>>['totalUsage'] | undefined;
  let providerError = false;
  try {
    const result = await generateText({
      model: model as LanguageModel,
      instructions,
      prompt: task.prompt,
      tools,
      stopWhen: isStepCount(maxSteps),
      ...(measured ? { temperature: 0 } : {}),
      toolDisclosure: {
        mode: arm,
        policy,
        ...(namespaces ? { namespaces } : {}),
        ...(profile ? { profile: profile.id, profilePins: profile.pins } : {}),
      },
    });
    steps = result.steps;
    usage = result.totalUsage;
  } catch {
    providerError = true;
  }
  const endToEnd = performance.now() - log.started;

  let discoveryTurns = 0;
  let toolCalls = 0;
  let searchCalls = 0;
  let describeCalls = 0;
  let recalled = false;
  let errorText = '';
  let approvalRequested = false;
  const calledNames: string[] = [];
  for (const step of steps) {
    let discovery = false;
    for (const part of step.content) {
      if (part.type === 'tool-call') {
        if (part.toolName === 'tool_search') {
          searchCalls += 1;
          discovery = true;
        } else if (part.toolName === 'tool_describe') {
          describeCalls += 1;
          discovery = true;
        } else {
          toolCalls += 1;
          // The app's view: a call of one of its tools under its key in `tools` (the wire name,
          // as `expected` and `deniedNames` have it), however the model called it. A call of a
          // name the wrapper could not resolve (unknown, denied) keeps the model's spelling,
          // directly or as the name in a tool_call's input; a canonical id is compared as its
          // wire name.
          const name = wireFormOf(
            part.toolName === 'tool_call' ? asObject(part.input).name : part.toolName,
          );
          calledNames.push(name);
          if (expected.has(name)) recalled = true;
        }
      } else if (part.type === 'tool-result') {
        if (part.toolName === 'tool_search' || part.toolName === 'tool_describe') {
          if (namesIn(part.output).some((name) => expected.has(name))) recalled = true;
        }
        const output = asObject(part.output);
        if ('error' in output) errorText += ` ${JSON.stringify(output.error)}`;
      } else if (part.type === 'tool-error') {
        errorText += ` ${part.error instanceof Error ? part.error.message : String(part.error)}`;
      } else if (part.type === 'tool-approval-request') {
        approvalRequested = true;
      }
    }
    if (discovery) discoveryTurns += 1;
  }

  const isNoMatch = expected.size === 0;
  if (isNoMatch) recalled = toolCalls === 0;
  const completed =
    !providerError &&
    (isNoMatch ? toolCalls === 0 && log.executed.length === 0 : stagesDone(task, log));

  const everything = sentTexts.join('\n');
  const leaked = new Set(
    leakSignatures
      .filter((signature) => signature.texts.some((text) => everything.includes(text)))
      .map((signature) => signature.name),
  );
  for (const execution of log.executed) {
    if (deniedNames.has(execution.name)) leaked.add(execution.name);
  }

  let failure: E2eFailureKind | null = null;
  if (!completed) {
    if (providerError) failure = 'provider_error';
    else if (approvalRequested) failure = 'approval_blocked';
    else if (
      calledNames.some((name) => deniedNames.has(name)) ||
      /denied|not authori[sz]ed|unauthori[sz]ed/i.test(errorText)
    )
      failure = 'authorization_denied';
    else if (/invalid|argument|schema|required/i.test(errorText)) failure = 'invalid_arguments';
    else if (!recalled) failure = 'retrieval_miss';
    else failure = 'task_incomplete';
  }

  let signatureChanges = 0;
  for (let index = 1; index < toolHashes.length; index += 1) {
    if (toolHashes[index] !== toolHashes[index - 1]) signatureChanges += 1;
  }

  return {
    task: {
      id: task.id,
      completed,
      correct_tool_recalled: recalled,
      unauthorized_tool_leaks: leaked.size,
    },
    counts: {
      model_turns: steps.length,
      discovery_turns: discoveryTurns,
      tool_calls: toolCalls,
      tool_search_calls: searchCalls,
      tool_describe_calls: describeCalls,
    },
    tokens: {
      input: measured ? (usage?.inputTokens ?? null) : null,
      cached_input: measured ? (usage?.inputTokenDetails.cacheReadTokens ?? null) : null,
      output: measured ? (usage?.outputTokens ?? null) : null,
    },
    latency_ms: {
      time_to_first_correct_tool_call:
        measured && log.firstCorrectAt !== undefined
          ? round(log.firstCorrectAt - log.started)
          : null,
      end_to_end: measured ? round(endToEnd) : null,
    },
    cache: { tool_definition_signature_changes: signatureChanges },
    failure,
  };
}

/** True when each stage, in order, ran one of its candidates successfully. */
function stagesDone(task: E2eTask, log: ExecutionLog): boolean {
  let stage = 0;
  for (const execution of log.executed) {
    const current = task.stages[stage];
    if (current === undefined) break;
    if (execution.ok && Object.hasOwn(current.candidates, execution.name)) stage += 1;
  }
  return stage === task.stages.length;
}

/** Demo tools whose executions are recorded in `log`: every tool executes. */
function createLoggedTools(definitions: readonly ToolDefinition[], log: ExecutionLog): ToolSet {
  const base = createDemoTools(definitions);
  return Object.fromEntries(
    Object.entries(base).map(([name, original]): [string, Tool] => {
      const execute = original.execute;
      if (execute === undefined) return [name, original];
      return [
        name,
        {
          ...original,
          execute: async (input: unknown, options: Parameters<typeof execute>[1]) => {
            const execution = { name, ok: false };
            log.executed.push(execution);
            if (log.expected.has(name) && log.firstCorrectAt === undefined) {
              log.firstCorrectAt = performance.now();
            }
            const output = await execute(input as never, options);
            execution.ok = true;
            return output;
          },
        } as Tool,
      ];
    }),
  );
}

function canonicalId(wireName: string): string {
  const separator = wireName.indexOf('__');
  return separator < 0
    ? wireName
    : `${wireName.slice(0, separator)}.${wireName.slice(separator + 2)}`;
}

/**
 * A tool name the model wrote, in the form the catalog's names have here: a
 * canonical id (`jira.create_issue`) as its wire name (`jira__create_issue`);
 * other names as they are. `tool_call` when the model named nothing.
 */
function wireFormOf(name: unknown): string {
  return typeof name === 'string' ? encodeDots(name) : 'tool_call';
}

function namespaceOf(wireName: string): string {
  const separator = wireName.indexOf('__');
  return separator < 0 ? 'default' : wireName.slice(0, separator);
}

/** Tool names in a `tool_search` or `tool_describe` result. */
function namesIn(output: unknown): string[] {
  const value = asObject(output);
  const results = Array.isArray(value.results) ? value.results : [value];
  return results
    .map((result) => asObject(result).name)
    .filter((name): name is string => typeof name === 'string');
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
