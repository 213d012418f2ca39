import { fileURLToPath } from 'node:url';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { loadCatalogFile } from '../cli/load-catalog-file.js';
import { statistic } from './aggregate-observations.js';
import { createScriptedE2eModel } from './create-scripted-e2e-model.js';
import { E2E_PROFILE, E2E_PROFILE_PINS } from './e2e-profile-pins.js';
import { E2E_POLICY, E2E_TASKS } from './e2e-tasks.js';
import { runE2e } from './run-e2e.js';

const corpusPath = fileURLToPath(new URL('../../corpus/judged-corpus.json', import.meta.url));
const modelInfo = { provider: 'test', model: 'mock', temperature: null };
const deniedTask = E2E_TASKS.find((task) => task.id === 'denied-create-issue');

type Result = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>;
const usage: Result['usage'] = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 2, text: 2, reasoning: undefined },
};

/** A model that makes one call (by default, of a denied tool by name through `tool_call`), then gives up. */
function createDeniedCaller(
  toolName = 'tool_call',
  input: unknown = { name: 'jira__create_issue', arguments: '{}' },
): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doGenerate: async (options): Promise<Result> => {
      const step = options.prompt.filter((message) => message.role === 'assistant').length;
      if (step === 0) {
        return {
          content: [
            { type: 'tool-call', toolCallId: 'call_1', toolName, input: JSON.stringify(input) },
          ],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        };
      }
      return {
        content: [{ type: 'text', text: 'I could not.' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      };
    },
  });
}

describe('runE2e', () => {
  it('counts a denied tool named in what the model was sent as a leak, and classifies the failure', async () => {
    const corpus = await loadCatalogFile(corpusPath);
    const [observation] = await runE2e({
      corpus,
      tasks: deniedTask ? [deniedTask] : [],
      arms: ['bridged'],
      sizes: [100],
      repetitions: 0,
      model: createDeniedCaller(),
      modelInfo,
      policy: E2E_POLICY,
      measured: true,
    });
    expect(observation?.task).toEqual({
      id: 'denied-create-issue',
      completed: false,
      correct_tool_recalled: false,
      unauthorized_tool_leaks: 1,
    });
    expect(observation?.failure).toBe('authorization_denied');
    expect(observation?.tokens).toEqual({ input: 20, cached_input: null, output: 4 });
    expect(observation?.latency_ms.end_to_end).toBeGreaterThanOrEqual(0);
    expect(observation?.latency_ms.time_to_first_correct_tool_call).toBeNull();
  });

  it('classifies a denied tool named by its canonical id, through tool_call or directly, as denied', async () => {
    const corpus = await loadCatalogFile(corpusPath);
    for (const [toolName, input] of [
      ['tool_call', { name: 'jira.create_issue', arguments: '{}' }],
      ['jira.create_issue', {}],
    ] as const) {
      const [observation] = await runE2e({
        corpus,
        tasks: deniedTask ? [deniedTask] : [],
        arms: ['bridged'],
        sizes: [100],
        repetitions: 0,
        model: createDeniedCaller(toolName, input),
        modelInfo,
        policy: E2E_POLICY,
      });
      expect(observation?.failure).toBe('authorization_denied');
      expect(observation?.counts).toMatchObject({ tool_calls: 1, discovery_turns: 0 });
    }
  });

  it('counts a deferred tool called through tool_call or by another spelling as the tool, recalled', async () => {
    const corpus = await loadCatalogFile(corpusPath);
    const task = E2E_TASKS.find((candidate) => candidate.id === 'exact-name-slack-post');
    const args = task?.stages[0]?.candidates.slack__post_message;
    for (const [toolName, input] of [
      ['tool_call', { name: 'slack.post_message', arguments: JSON.stringify(args) }],
      ['slack.post_message', args],
    ] as const) {
      const [observation] = await runE2e({
        corpus,
        tasks: task ? [task] : [],
        arms: ['bridged'],
        sizes: [100],
        repetitions: 0,
        model: createDeniedCaller(toolName, input),
        modelInfo,
        policy: E2E_POLICY,
      });
      expect(observation?.task).toMatchObject({ completed: true, correct_tool_recalled: true });
      expect(observation?.counts).toEqual({
        model_turns: 2,
        discovery_turns: 0,
        tool_calls: 1,
        tool_search_calls: 0,
        tool_describe_calls: 0,
      });
      expect(observation?.failure).toBeNull();
    }
  });

  it('reports a model that never answers as a provider error', async () => {
    const corpus = await loadCatalogFile(corpusPath);
    const failing = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new Error('connection refused');
      },
    });
    const [observation] = await runE2e({
      corpus,
      tasks: E2E_TASKS.slice(0, 1),
      arms: ['namespaces'],
      sizes: [100],
      repetitions: 0,
      model: failing,
      modelInfo,
      policy: E2E_POLICY,
    });
    expect(observation?.failure).toBe('provider_error');
    expect(observation?.task.completed).toBe(false);
    expect(observation?.counts.model_turns).toBe(0);
  });

  it('reports a retrieval miss when the scripted agent finds none of its tools', async () => {
    const corpus = await loadCatalogFile(corpusPath);
    const task = {
      id: 'miss',
      scenario: 'alias_or_natural_language' as const,
      prompt: 'Do the impossible.',
      stages: [{ query: 'order a pizza', candidates: { slack__post_message: { text: 'x' } } }],
    };
    const [observation] = await runE2e({
      corpus,
      tasks: [task],
      arms: ['bridged'],
      sizes: [100],
      repetitions: 0,
      model: await createScriptedE2eModel([task]),
      modelInfo,
      policy: E2E_POLICY,
    });
    expect(observation?.failure).toBe('retrieval_miss');
    expect(observation?.counts).toMatchObject({ tool_calls: 0, tool_search_calls: 1 });
  });
});

describe('runE2e with profile pins', () => {
  const pinned = new Set(E2E_PROFILE_PINS[E2E_PROFILE]);
  const usesPins = (taskId: string) =>
    E2E_TASKS.find((task) => task.id === taskId)?.stages.some((stage) =>
      Object.keys(stage.candidates).some((name) => pinned.has(name)),
    ) ?? false;

  it('runs bridged with the pins: fewer discovery turns where a pinned tool serves the task, the same elsewhere', async () => {
    const corpus = await loadCatalogFile(corpusPath);
    const observations = await runE2e({
      corpus,
      tasks: E2E_TASKS,
      arms: ['namespaces', 'bridged'],
      sizes: [500],
      repetitions: 0,
      model: await createScriptedE2eModel(E2E_TASKS),
      modelInfo,
      policy: E2E_POLICY,
      profile: { id: E2E_PROFILE, pins: E2E_PROFILE_PINS },
    });
    const byArm = (arm: string) =>
      new Map(observations.filter((o) => o.arm === arm).map((o) => [o.task.id, o]));
    const namespaces = byArm('namespaces');
    const bridged = byArm('bridged');
    expect(bridged.size).toBe(E2E_TASKS.length);
    const differing: string[] = [];
    for (const [id, withPins] of bridged) {
      const without = namespaces.get(id);
      expect(withPins.task.completed).toBe(true);
      expect(without?.task.completed).toBe(true);
      if (usesPins(id)) {
        differing.push(id);
        expect(withPins.counts.discovery_turns).toBeLessThan(without?.counts.discovery_turns ?? 0);
        expect(withPins.counts.model_turns).toBeLessThan(without?.counts.model_turns ?? 0);
      } else {
        expect(withPins.counts).toEqual(without?.counts);
      }
    }
    expect(differing).toEqual([
      'exact-name-slack-post',
      'nested-popup-reminder',
      'cross-namespace-email-to-calendar',
    ]);
    // The pinned Slack tool is called directly: no search at all.
    expect(bridged.get('exact-name-slack-post')?.counts).toMatchObject({
      discovery_turns: 0,
      tool_search_calls: 0,
      tool_calls: 1,
    });
  });

  it('runs bridged like namespaces when no profile is given', async () => {
    const corpus = await loadCatalogFile(corpusPath);
    const observations = await runE2e({
      corpus,
      tasks: E2E_TASKS,
      arms: ['namespaces', 'bridged'],
      sizes: [500],
      repetitions: 0,
      model: await createScriptedE2eModel(E2E_TASKS),
      modelInfo,
      policy: E2E_POLICY,
    });
    const counts = (arm: string) =>
      observations.filter((o) => o.arm === arm).map((o) => [o.task.id, o.counts]);
    expect(counts('bridged')).toEqual(counts('namespaces'));
  });
});

describe('statistic', () => {
  it('gives the median, the worst value and the spread', () => {
    expect(statistic([3, 1, 2])).toEqual({ median: 2, worst: 3, spread: 2 });
    expect(statistic([4, 1, 2, 3])).toEqual({ median: 2.5, worst: 4, spread: 3 });
    expect(statistic([])).toBeNull();
  });
});
