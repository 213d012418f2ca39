import type { E2eFailureKind } from '../e2e/e2e-observation.js';

/** Median, worst and spread (worst minus best) of a measure over repetitions. */
export interface E2eSpread {
  median: number;
  worst: number;
  spread: number;
}

/** One row of an e2e report's aggregate: an arm at a catalog size. */
export interface E2eAggregate {
  arm: string;
  tool_count: number;
  observations: number;
  completion_rate: number;
  correct_tool_recall_rate: number;
  unauthorized_tool_leaks: number;
  model_turns: E2eSpread;
  discovery_turns: E2eSpread;
  tokens_input: E2eSpread | null;
  latency_end_to_end_ms: E2eSpread | null;
  failures: Record<E2eFailureKind, number>;
}

/** The parts of a schema-version-2 `e2e` report that `report` reads. */
export interface E2eReport {
  schema_version: 2;
  header: {
    generated_by: string;
    model: { provider: string; model: string; temperature: number | null };
    note: string | null;
    arms: readonly string[];
    sizes: readonly number[];
    repetitions: number;
  };
  observations: readonly unknown[];
  aggregate: readonly E2eAggregate[];
}
