import { describe, expect, it } from 'vitest';
import { computeE2eRolloutGates } from './compute-e2e-rollout-gates.js';
import type { E2eAggregate, E2eReport } from './e2e-report.js';

const noFailures = {
  retrieval_miss: 0,
  invalid_arguments: 0,
  authorization_denied: 0,
  approval_blocked: 0,
  provider_error: 0,
  task_incomplete: 0,
};

function row(arm: string, toolCount: number, overrides: Partial<E2eAggregate> = {}): E2eAggregate {
  return {
    arm,
    tool_count: toolCount,
    observations: 32,
    completion_rate: 1,
    correct_tool_recall_rate: 1,
    unauthorized_tool_leaks: 0,
    model_turns: { median: 3, worst: 5, spread: 3 },
    discovery_turns: { median: 1, worst: 2, spread: 1 },
    tokens_input: null,
    latency_end_to_end_ms: null,
    failures: noFailures,
    ...overrides,
  };
}

function report(provider: string, aggregate: E2eAggregate[]): E2eReport {
  return {
    schema_version: 2,
    header: {
      generated_by: 'tool-disclosure e2e',
      model: { provider, model: 'm', temperature: provider === 'scripted' ? null : 0 },
      note: null,
      arms: [...new Set(aggregate.map((entry) => entry.arm))],
      sizes: [...new Set(aggregate.map((entry) => entry.tool_count))],
      repetitions: 3,
    },
    observations: [],
    aggregate,
  };
}

const compactTurns = { discovery_turns: { median: 2, worst: 4, spread: 3 } };

describe('computeE2eRolloutGates', () => {
  it('passes both gates per size, smallest first, when signatures cut discovery turns and no arm completes less than off', () => {
    const gates = computeE2eRolloutGates(
      report('openai', [
        row('off', 1000),
        row('compact', 1000, compactTurns),
        row('signatures', 1000),
        row('off', 100),
        row('compact', 100, compactTurns),
        row('signatures', 100),
      ]),
    );
    expect(gates).toEqual([
      {
        gate: 'signatures_cut_discovery',
        tool_count: 100,
        status: 'pass',
        evidence: 'median discovery turns 1 (compact 2); invalid-argument failures 0 (compact 0)',
      },
      {
        gate: 'no_completion_drop',
        tool_count: 100,
        status: 'pass',
        evidence: 'lowest completion 100.0% (compact); off 100.0%',
      },
      expect.objectContaining({ gate: 'signatures_cut_discovery', tool_count: 1000 }),
      expect.objectContaining({ gate: 'no_completion_drop', tool_count: 1000 }),
    ]);
  });

  it('fails the signatures gate on as many discovery turns or more invalid-argument failures', () => {
    const sameTurns = computeE2eRolloutGates(
      report('openai', [row('compact', 100), row('signatures', 100)]),
    );
    expect(sameTurns[0]?.status).toBe('fail');
    const moreInvalid = computeE2eRolloutGates(
      report('openai', [
        row('compact', 100, compactTurns),
        row('signatures', 100, { failures: { ...noFailures, invalid_arguments: 1 } }),
      ]),
    );
    expect(moreInvalid[0]).toMatchObject({
      status: 'fail',
      evidence: 'median discovery turns 1 (compact 2); invalid-argument failures 1 (compact 0)',
    });
  });

  it('fails the completion gate at the size where an arm completes less than off', () => {
    const gates = computeE2eRolloutGates(
      report('openai', [
        row('off', 100, { completion_rate: 0.9 }),
        row('namespaces', 100, { completion_rate: 0.9 }),
        row('off', 1000),
        row('namespaces', 1000),
        row('bridged', 1000, { completion_rate: 0.96875 }),
      ]),
    ).filter((gate) => gate.gate === 'no_completion_drop');
    expect(gates.map((gate) => [gate.tool_count, gate.status, gate.evidence])).toEqual([
      [100, 'pass', 'lowest completion 90.0% (namespaces); off 90.0%'],
      [1000, 'fail', 'lowest completion 96.9% (bridged); off 100.0%'],
    ]);
  });

  it('says not measured when an arm a gate compares did not run', () => {
    const gates = computeE2eRolloutGates(report('openai', [row('namespaces', 100)]));
    expect(gates).toEqual([
      {
        gate: 'signatures_cut_discovery',
        tool_count: 100,
        status: 'not measured',
        evidence: 'needs the compact and signatures arms',
      },
      {
        gate: 'no_completion_drop',
        tool_count: 100,
        status: 'not measured',
        evidence: 'needs the off arm and at least one other',
      },
    ]);
  });

  it('marks every gate not measured for the scripted agent, whatever its figures', () => {
    const gates = computeE2eRolloutGates(
      report('scripted', [
        row('off', 100),
        row('compact', 100, compactTurns),
        row('signatures', 100),
      ]),
    );
    expect(gates.map((gate) => [gate.gate, gate.status])).toEqual([
      ['signatures_cut_discovery', 'not measured'],
      ['no_completion_drop', 'not measured'],
    ]);
  });
});
