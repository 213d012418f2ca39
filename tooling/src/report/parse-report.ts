import { isRecord } from 'tool-disclosure/util';
import type { BenchReport } from '../bench/bench-report.js';
import { E2E_FAILURE_KINDS } from '../e2e/e2e-observation.js';
import { appSpeedProblem } from './app-speed-problem.js';
import type { E2eReport } from './e2e-report.js';
import { InvalidReportError } from './invalid-report-error.js';

/** A report file recognised by its shape. */
export type ParsedReport =
  | { kind: 'bench'; report: BenchReport }
  | { kind: 'e2e'; report: E2eReport };

/**
 * Recognises parsed JSON as a `bench --json` report or a schema-version-2 e2e
 * report by its shape, checking every field the renderers read; anything else
 * throws an `InvalidReportError` naming the first problem found.
 */
export function parseReport(data: unknown, path: string): ParsedReport {
  const fail = (problem: string): never => {
    throw new InvalidReportError({ path, problem });
  };
  if (!isRecord(data)) return fail('the JSON is not an object');
  if ('schema_version' in data || 'aggregate' in data) {
    const problem = e2eProblem(data);
    return problem === undefined
      ? { kind: 'e2e', report: data as unknown as E2eReport }
      : fail(problem);
  }
  if ('tokens' in data) {
    const problem = benchProblem(data);
    return problem === undefined
      ? { kind: 'bench', report: data as unknown as BenchReport }
      : fail(problem);
  }
  return fail('it has neither "tokens" (bench) nor "schema_version" and "aggregate" (e2e)');
}

function benchProblem(data: Record<string, unknown>): string | undefined {
  if (!isRecord(data.tokens)) return 'bench "tokens" is not an object';
  for (const [size, modes] of Object.entries(data.tokens)) {
    if (!isCount(Number(size))) return `bench "tokens" has a size ${JSON.stringify(size)}`;
    if (!isRecord(modes)) return `bench "tokens.${size}" is not an object`;
    for (const [mode, tokens] of Object.entries(modes)) {
      if (!isRecord(tokens) || !isNumber(tokens.advertised) || !isNumber(tokens.full)) {
        return `bench "tokens.${size}.${mode}" needs numbers "advertised" and "full"`;
      }
    }
  }
  for (const key of ['builtin_tool_search', 'ours']) {
    const task = data[key];
    if (
      !isRecord(task) ||
      !Array.isArray(task.advertised_per_step) ||
      !task.advertised_per_step.every(isNumber) ||
      !isNumber(task.steps) ||
      !isNumber(task.tool_list_changes)
    ) {
      return `bench "${key}" needs "advertised_per_step" (numbers), "steps" and "tool_list_changes"`;
    }
  }
  for (const key of ['overhead_ratio', 'wrapper_ms_per_request']) {
    if (!isNumber(data[key])) return `bench "${key}" is not a number`;
  }
  for (const key of ['fresh_record_ms_per_request', 'fresh_record_ratio']) {
    if (data[key] !== undefined && !isNumber(data[key])) return `bench "${key}" is not a number`;
  }
  for (const key of ['import_ms', 'heap_mb_10000']) {
    if (data[key] !== null && !isNumber(data[key])) return `bench "${key}" is not a number or null`;
  }
  if (!isRecord(data.build_ms) || !Object.values(data.build_ms).every(isNumber)) {
    return 'bench "build_ms" is not an object of numbers';
  }
  if (
    !isRecord(data.search_ms) ||
    !Object.values(data.search_ms).every(
      (latency) => isRecord(latency) && isNumber(latency.p50) && isNumber(latency.p99),
    )
  ) {
    return 'bench "search_ms" is not an object of {"p50", "p99"}';
  }
  return floorProblem(data);
}

/** The floor, adversarial, scaling and cold-search figures: each optional, checked when present. */
function floorProblem(data: Record<string, unknown>): string | undefined {
  if (data.floor !== undefined) {
    if (!Array.isArray(data.floor)) return 'bench "floor" is not an array';
    for (const [index, row] of data.floor.entries()) {
      if (
        !isRecord(row) ||
        (row.catalog !== 'bench' && row.catalog !== 'realistic') ||
        !floorRatioKeys.every((key) => isNumber(row[key]))
      ) {
        return `bench "floor[${index}]" needs "catalog" ("bench" or "realistic") and numbers ${floorRatioKeys.map((key) => `"${key}"`).join(', ')}`;
      }
    }
  }
  const adversarial = data.adversarial;
  if (
    adversarial !== undefined &&
    (!isRecord(adversarial) ||
      !['tools', 'worst_ms', 'worst_ratio_to_floor_p99'].every((key) =>
        isNumber(adversarial[key]),
      ) ||
      typeof adversarial.worst_query !== 'string')
  ) {
    return 'bench "adversarial" needs numbers "tools", "worst_ms", "worst_ratio_to_floor_p99" and a string "worst_query"';
  }
  const scaling = data.wrapper_scaling;
  if (
    scaling !== undefined &&
    scaling !== null &&
    (!isRecord(scaling) || !['ms_100', 'ms_10000', 'ratio'].every((key) => isNumber(scaling[key])))
  ) {
    return 'bench "wrapper_scaling" is neither null nor {"ms_100", "ms_10000", "ratio"}';
  }
  const cold = data.cold_search_ratio;
  if (
    cold !== undefined &&
    (!isRecord(cold) ||
      !['tools_1000', 'tools_10000'].every((key) => cold[key] === null || isNumber(cold[key])))
  ) {
    return 'bench "cold_search_ratio" needs "tools_1000" and "tools_10000", each a number or null';
  }
  const mcp = data.mcp_cold_start;
  if (
    mcp !== undefined &&
    mcp !== null &&
    (!isRecord(mcp) ||
      ![
        'servers',
        'tools',
        'snapshot_bytes',
        'repetitions',
        'live_ms',
        'snapshot_ms',
        'ratio',
      ].every((key) => isNumber(mcp[key])))
  ) {
    return 'bench "mcp_cold_start" is neither null nor {"servers", "tools", "snapshot_bytes", "repetitions", "live_ms", "snapshot_ms", "ratio"}';
  }
  const indexLoad = data.index_load;
  if (
    indexLoad !== undefined &&
    (!Array.isArray(indexLoad) ||
      !indexLoad.every(
        (row) =>
          isRecord(row) &&
          ['tools', 'build_ms', 'load_ms', 'ratio', 'snapshot_bytes'].every((key) =>
            isNumber(row[key]),
          ),
      ))
  ) {
    return 'bench "index_load" is not a list of {"tools", "build_ms", "load_ms", "ratio", "snapshot_bytes"}';
  }
  const stepCost = data.step_cost;
  if (
    stepCost !== undefined &&
    (!Array.isArray(stepCost) ||
      !stepCost.every(
        (row) =>
          isRecord(row) &&
          (row.catalog === 'zod' || row.catalog === 'json_schema') &&
          stepCostKeys.every((key) => isNumber(row[key])),
      ))
  ) {
    return `bench "step_cost" is not a list of {"catalog" ("zod" or "json_schema"), ${stepCostKeys.map((key) => `"${key}"`).join(', ')}}`;
  }
  return costModelProblem(data);
}

const stepCostKeys = [
  'tools',
  'steps',
  'ours_ms_per_step',
  'plain_ai_ms_per_step',
  'ratio',
] as const;

/** The cost model's rows and pricing profiles: optional, checked when present. */
function costModelProblem(data: Record<string, unknown>): string | undefined {
  if (data.cost_model !== undefined) {
    if (!Array.isArray(data.cost_model)) return 'bench "cost_model" is not an array';
    for (const [index, row] of data.cost_model.entries()) {
      if (
        !isRecord(row) ||
        typeof row.arm !== 'string' ||
        typeof row.pricing !== 'string' ||
        !costRowKeys.every((key) => isNumber(row[key]))
      ) {
        return `bench "cost_model[${index}]" needs strings "arm" and "pricing" and numbers ${costRowKeys.map((key) => `"${key}"`).join(', ')}`;
      }
    }
  }
  const pricing = data.cost_model_pricing;
  if (
    pricing !== undefined &&
    (!isRecord(pricing) ||
      !Object.values(pricing).every(
        (profile) =>
          isRecord(profile) && isNumber(profile.cache_read) && isNumber(profile.cache_write),
      ))
  ) {
    return 'bench "cost_model_pricing" is not an object of {"cache_read", "cache_write"}';
  }
  return costPerTaskProblem(data);
}

/** The retrieval-driven cost model's rows: optional, checked when present. */
function costPerTaskProblem(data: Record<string, unknown>): string | undefined {
  if (data.cost_per_task === undefined) return appSpeedProblem(data);
  if (!Array.isArray(data.cost_per_task)) return 'bench "cost_per_task" is not an array';
  for (const [index, row] of data.cost_per_task.entries()) {
    if (
      !isRecord(row) ||
      !['set', 'arm', 'pricing'].every((key) => typeof row[key] === 'string') ||
      (row.cache !== 'cold' && row.cache !== 'warm') ||
      !costPerTaskCounts.every((key) => isNumber(row[key])) ||
      !['searches', 'billed_input'].every((key) => row[key] === null || isNumber(row[key]))
    ) {
      return `bench "cost_per_task[${index}]" needs strings "set", "arm" and "pricing", "cache" ("cold" or "warm"), numbers ${costPerTaskCounts.map((key) => `"${key}"`).join(', ')}, and "searches" and "billed_input" (numbers or null)`;
    }
  }
  return appSpeedProblem(data);
}

const costPerTaskCounts = ['tools', 'requests', 'tasks', 'no_match', 'completed'] as const;

const costRowKeys = ['tools', 'steps', 'input_tokens', 'cached_tokens', 'billed_input'] as const;

const floorRatioKeys = [
  'tools',
  'search_p50_ratio',
  'search_p99_ratio',
  'build_ratio',
  'heap_ratio',
] as const;

function e2eProblem(data: Record<string, unknown>): string | undefined {
  if (data.schema_version !== 2) {
    return `e2e "schema_version" is ${JSON.stringify(data.schema_version)}, only 2 is supported`;
  }
  const header = data.header;
  if (!isRecord(header)) return 'e2e "header" is not an object';
  const model = header.model;
  if (
    !isRecord(model) ||
    typeof model.provider !== 'string' ||
    typeof model.model !== 'string' ||
    (model.temperature !== null && !isNumber(model.temperature))
  ) {
    return 'e2e "header.model" needs "provider", "model" and "temperature" (a number or null)';
  }
  if (header.note !== null && typeof header.note !== 'string') {
    return 'e2e "header.note" is not a string or null';
  }
  if (!Array.isArray(header.arms) || !header.arms.every((arm) => typeof arm === 'string')) {
    return 'e2e "header.arms" is not an array of strings';
  }
  if (!Array.isArray(header.sizes) || !header.sizes.every(isNumber)) {
    return 'e2e "header.sizes" is not an array of numbers';
  }
  if (!isNumber(header.repetitions)) return 'e2e "header.repetitions" is not a number';
  if (!Array.isArray(data.observations)) return 'e2e "observations" is not an array';
  if (!Array.isArray(data.aggregate)) return 'e2e "aggregate" is not an array';
  for (const [index, row] of data.aggregate.entries()) {
    const problem = aggregateProblem(row);
    if (problem !== undefined) return `e2e "aggregate[${index}]" ${problem}`;
  }
  return undefined;
}

function aggregateProblem(row: unknown): string | undefined {
  if (!isRecord(row)) return 'is not an object';
  if (typeof row.arm !== 'string') return 'has no string "arm"';
  for (const key of [
    'tool_count',
    'observations',
    'completion_rate',
    'correct_tool_recall_rate',
    'unauthorized_tool_leaks',
  ]) {
    if (!isNumber(row[key])) return `has no number "${key}"`;
  }
  for (const key of ['model_turns', 'discovery_turns']) {
    if (!isSpread(row[key])) return `"${key}" needs numbers "median", "worst" and "spread"`;
  }
  for (const key of ['tokens_input', 'latency_end_to_end_ms']) {
    if (row[key] !== null && !isSpread(row[key])) {
      return `"${key}" is neither null nor {"median", "worst", "spread"}`;
    }
  }
  const failures = row.failures;
  if (!isRecord(failures)) return 'has no "failures" object';
  for (const kind of E2E_FAILURE_KINDS) {
    if (failures[kind] !== undefined && !isNumber(failures[kind])) {
      return `"failures.${kind}" is not a number`;
    }
  }
  return undefined;
}

function isSpread(value: unknown): boolean {
  return (
    isRecord(value) && isNumber(value.median) && isNumber(value.worst) && isNumber(value.spread)
  );
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isCount(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}
