export type {
  AdversarialReport,
  BenchReport,
  StepCostRow,
  WrapperScalingReport,
} from './bench-report.js';
export {
  BENCH_COLD_PROCESS_SIZES,
  BENCH_COST_REQUESTS,
  BENCH_COST_SIZES,
  BENCH_COST_STEPS,
  BENCH_FLOOR_SIZES,
  BENCH_REFERENCE_SIZE,
  BENCH_SIZES,
  BENCH_STEP_COST_SIZES,
  BENCH_WRAPPER_SCALING_SIZES,
} from './bench-sizes.js';
export { createFloorIndex } from './create-floor-index.js';
export {
  type LoadRealisticCatalogOptions,
  loadRealisticCatalog,
  REALISTIC_CATALOG_SETS,
  type RealisticCatalog,
} from './load-realistic-catalog.js';
export {
  type ColdProcess,
  type MeasureColdProcessOptions,
  measureColdProcess,
} from './measure-cold-process.js';
export {
  COST_MODEL_ARMS,
  type CostModelArm,
  type CostModelRow,
  measureCostModel,
} from './measure-cost-model.js';
export {
  COST_PER_TASK_MIN_GRADE,
  type CostPerTaskCache,
  type CostPerTaskRow,
  type CostPerTaskSet,
  type MeasureCostPerTaskOptions,
  measureCostPerTask,
} from './measure-cost-per-task.js';
export {
  type LongDescriptionBuild,
  type MeasureLongDescriptionBuildOptions,
  measureLongDescriptionBuild,
} from './measure-long-description-build.js';
export {
  MCP_COLD_START_MAX_RATIO,
  type McpBenchServer,
  type McpColdStart,
  type MeasureMcpColdStartOptions,
  measureMcpColdStart,
} from './measure-mcp-cold-start.js';
export {
  type MeasureStepCostOptions,
  measureStepCost,
  STEP_COST_CATALOGS,
  STEP_COST_STEPS,
  type StepCostCatalog,
} from './measure-step-cost.js';
export {
  DEFAULT_PRICING_PROFILE,
  PRICING_PROFILES,
  type PricingProfile,
  parsePricingProfiles,
} from './pricing-profiles.js';
export { type RunBenchOptions, runBench } from './run-bench.js';
export {
  COST_PER_TASK_ARMS,
  type CostPerTaskArm,
} from './run-retrieval-conversation.js';
export { SHORTENED_QUERY_WORDS, shortenQuery } from './shorten-query.js';
export type { StepCost } from './summarize-step-cost.js';
