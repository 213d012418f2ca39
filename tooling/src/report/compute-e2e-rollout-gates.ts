import type { E2eAggregate, E2eReport } from './e2e-report.js';

/**
 * The rollout gates that e2e observations decide: complete signatures cut
 * discovery turns without more invalid calls, and no arm completes fewer tasks
 * than plain ai (`off`) at any size.
 */
export const E2E_ROLLOUT_GATES = ['signatures_cut_discovery', 'no_completion_drop'] as const;

export type E2eRolloutGateName = (typeof E2E_ROLLOUT_GATES)[number];

/** One gate at one catalog size. */
export interface E2eRolloutGate {
  gate: E2eRolloutGateName;
  tool_count: number;
  /** `not measured` for the scripted agent and when an arm the gate compares did not run. */
  status: 'pass' | 'fail' | 'not measured';
  /** The figures the status rests on, or why there are none. */
  evidence: string;
}

/**
 * The e2e rollout gates per catalog size, smallest first: complete signatures
 * cut discovery turns without more invalid calls (`signatures` against
 * `compact`, whose results carry no schemas: median discovery turns lower,
 * tasks failed on invalid arguments no more), and no arm completes fewer
 * tasks than `off`, which advertises everything. A scripted report measures
 * neither: its turns follow from the script, not from a model's choices.
 */
export function computeE2eRolloutGates(report: E2eReport): E2eRolloutGate[] {
  const scripted = report.header.model.provider === 'scripted';
  const sizes = [...new Set(report.aggregate.map((row) => row.tool_count))].sort(
    (left, right) => left - right,
  );
  return sizes.flatMap((size) => {
    const rows = report.aggregate.filter((row) => row.tool_count === size);
    const find = (arm: string) => rows.find((row) => row.arm === arm);
    if (scripted) {
      const evidence = 'scripted reference agent: its turns follow from the script, not a model';
      return E2E_ROLLOUT_GATES.map((gate) => ({
        gate,
        tool_count: size,
        status: 'not measured' as const,
        evidence,
      }));
    }
    return [signaturesGate(size, find('signatures'), find('compact')), completionGate(size, rows)];
  });
}

function signaturesGate(
  size: number,
  signatures: E2eAggregate | undefined,
  compact: E2eAggregate | undefined,
): E2eRolloutGate {
  const gate = 'signatures_cut_discovery';
  if (signatures === undefined || compact === undefined) {
    return {
      gate,
      tool_count: size,
      status: 'not measured',
      evidence: 'needs the compact and signatures arms',
    };
  }
  const turns = signatures.discovery_turns.median;
  const baselineTurns = compact.discovery_turns.median;
  const invalid = signatures.failures.invalid_arguments ?? 0;
  const baselineInvalid = compact.failures.invalid_arguments ?? 0;
  return {
    gate,
    tool_count: size,
    status: turns < baselineTurns && invalid <= baselineInvalid ? 'pass' : 'fail',
    evidence: `median discovery turns ${turns} (compact ${baselineTurns}); invalid-argument failures ${invalid} (compact ${baselineInvalid})`,
  };
}

function completionGate(size: number, rows: readonly E2eAggregate[]): E2eRolloutGate {
  const gate = 'no_completion_drop';
  const baseline = rows.find((row) => row.arm === 'off');
  const others = rows.filter((row) => row.arm !== 'off');
  if (baseline === undefined || others.length === 0) {
    return {
      gate,
      tool_count: size,
      status: 'not measured',
      evidence: 'needs the off arm and at least one other',
    };
  }
  const lowest = others.reduce((low, row) =>
    row.completion_rate < low.completion_rate ? row : low,
  );
  return {
    gate,
    tool_count: size,
    status: lowest.completion_rate >= baseline.completion_rate ? 'pass' : 'fail',
    evidence: `lowest completion ${percent(lowest.completion_rate)} (${lowest.arm}); off ${percent(baseline.completion_rate)}`,
  };
}

function percent(rate: number): string {
  return `${(rate * 100).toFixed(1)}%`;
}
