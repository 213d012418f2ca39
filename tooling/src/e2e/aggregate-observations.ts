import type { DisclosureMode } from 'tool-disclosure/disclosure';
import { median } from '../bench/percentile.js';
import { E2E_FAILURE_KINDS, type E2eFailureKind, type E2eObservation } from './e2e-observation.js';

/** Median, worst value (the largest) and spread (largest − smallest). */
export interface E2eStatistic {
  median: number;
  worst: number;
  spread: number;
}

/** The observations of one arm at one catalog size, summarized. */
export interface E2eAggregate {
  arm: DisclosureMode;
  tool_count: number;
  observations: number;
  completion_rate: number;
  correct_tool_recall_rate: number;
  unauthorized_tool_leaks: number;
  model_turns: E2eStatistic;
  discovery_turns: E2eStatistic;
  /** Null when no observation measured provider tokens. */
  tokens_input: E2eStatistic | null;
  /** Null when no observation measured latency. */
  latency_end_to_end_ms: E2eStatistic | null;
  failures: Record<E2eFailureKind, number>;
}

/**
 * Groups observations by arm and catalog size, in first-seen order, and
 * summarizes each group; values that were not measured are left out, never
 * estimated.
 */
export function aggregateObservations(observations: readonly E2eObservation[]): E2eAggregate[] {
  const groups = new Map<string, E2eObservation[]>();
  for (const observation of observations) {
    const key = `${observation.arm}\u0000${observation.catalog.tool_count}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [observation]);
    else group.push(observation);
  }
  return [...groups.values()].map((group) => {
    const first = group[0] as E2eObservation;
    const failures = Object.fromEntries(E2E_FAILURE_KINDS.map((kind) => [kind, 0])) as Record<
      E2eFailureKind,
      number
    >;
    for (const observation of group) {
      if (observation.failure !== null) failures[observation.failure] += 1;
    }
    return {
      arm: first.arm,
      tool_count: first.catalog.tool_count,
      observations: group.length,
      completion_rate: rate(group, (observation) => observation.task.completed),
      correct_tool_recall_rate: rate(
        group,
        (observation) => observation.task.correct_tool_recalled,
      ),
      unauthorized_tool_leaks: sum(
        group.map((observation) => observation.task.unauthorized_tool_leaks),
      ),
      model_turns: statistic(
        group.map((observation) => observation.counts.model_turns),
      ) as E2eStatistic,
      discovery_turns: statistic(
        group.map((observation) => observation.counts.discovery_turns),
      ) as E2eStatistic,
      tokens_input: statistic(measured(group.map((observation) => observation.tokens.input))),
      latency_end_to_end_ms: statistic(
        measured(group.map((observation) => observation.latency_ms.end_to_end)),
      ),
      failures,
    };
  });
}

/** Median, worst and spread of `values`; null for no values. */
export function statistic(values: readonly number[]): E2eStatistic | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const worst = sorted[sorted.length - 1] as number;
  return { median: median(sorted), worst, spread: worst - (sorted[0] as number) };
}

function measured(values: readonly (number | null)[]): number[] {
  return values.filter((value): value is number => value !== null);
}

function rate(group: readonly E2eObservation[], test: (observation: E2eObservation) => boolean) {
  return group.filter(test).length / group.length;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
