import type { DisclosureMode } from 'tool-disclosure/disclosure';

/** Why a task did not complete. */
export const E2E_FAILURE_KINDS = [
  'retrieval_miss',
  'invalid_arguments',
  'authorization_denied',
  'approval_blocked',
  'provider_error',
  'task_incomplete',
] as const;

export type E2eFailureKind = (typeof E2E_FAILURE_KINDS)[number];

/** The model of a run, as reports name it. */
export interface E2eModelInfo {
  provider: string;
  model: string;
  /** Null when the model has no sampling temperature (the scripted agent). */
  temperature: number | null;
}

/** One task run, as schema version 2 (schemas/e2e-observation.v2.json) records it; nothing else is kept. */
export interface E2eObservation {
  schema_version: 2;
  catalog: { generator_version: number; seed: number; tool_count: number; namespace_count: number };
  arm: DisclosureMode;
  model: E2eModelInfo;
  run: { thermal_class: 'cold' | 'warm'; repetition: number };
  task: {
    id: string;
    completed: boolean;
    correct_tool_recalled: boolean;
    unauthorized_tool_leaks: number;
  };
  counts: {
    model_turns: number;
    discovery_turns: number;
    tool_calls: number;
    tool_search_calls: number;
    tool_describe_calls: number;
  };
  tokens: { input: number | null; cached_input: number | null; output: number | null };
  latency_ms: { time_to_first_correct_tool_call: number | null; end_to_end: number | null };
  cache: { tool_definition_signature_changes: number };
  failure: E2eFailureKind | null;
}
