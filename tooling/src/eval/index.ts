// A corpus's tools and the distractors are JSON tool definitions, as `createCatalog({ definitions })` takes.
export type { ToolDefinition } from 'tool-disclosure/catalog';
export {
  type BuildNearMissCorpusOptions,
  buildNearMissCorpus,
  NEAR_MISS_METHOD,
  NEAR_MISS_SEED,
  type NearMissCorpus,
  type NearMissSummary,
} from './build-near-miss-corpus.js';
export {
  type ComputeScaleBaselineOptions,
  computeScaleBaseline,
  SCALE_BASELINE_SIZES,
  SCALE_BASELINE_VERSION,
  type ScaleBaseline,
  type ScaleBaselineCase,
  type ScaleBaselineTiming,
} from './compute-scale-baseline.js';
export type { EvalCorpus, EvalIntent, RelevanceGrade, SkippedEvalRows } from './eval-corpus.js';
export {
  type ClassMetrics,
  type EvaluateRankerOptions,
  evaluateRanker,
  type FalseEmptyQuery,
  type RetrievalReport,
  type WorstQuery,
} from './evaluate-ranker.js';
export {
  DISTRACTOR_GENERATOR_VERSION,
  DISTRACTOR_SEED,
  generateDistractors,
  padWithDistractors,
} from './generate-distractors.js';
export { type EvalCorpusProblem, InvalidEvalCorpusError } from './invalid-eval-corpus-error.js';
export {
  loadEvalCorpus,
  type ParseEvalCorpusOptions,
  parseEvalCorpus,
} from './load-eval-corpus.js';
export {
  checkBaselineLead,
  checkRetrievalGates,
  type RetrievalGates,
  type RetrievalMetricName,
} from './retrieval-gates.js';
export {
  isFalseEmpty,
  isNoMatchCorrect,
  ndcgAtK,
  type Relevance,
  type RetrievalMetrics,
  recallAtK,
  reciprocalRank,
} from './retrieval-metrics.js';
