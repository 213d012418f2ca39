/** How many repetitions each measurement takes. */
export interface BenchEffort {
  overheadRounds: number;
  overheadIterations: number;
  wrapperBatches: number;
  wrapperBatchSize: number;
  builds: number;
  searchPasses: number;
  imports: number;
  floorBuilds: number;
  floorPasses: number;
  /** Real requests searched per realistic catalog (the bench catalog searches all its intents). */
  realisticQueries: number;
  adversarialPasses: number;
  scalingBatches: number;
  /** Builds of each catalog, ordinary and with 64 KB descriptions, after one untimed build of each. */
  longBuilds: number;
  mcpRepetitions: number;
  indexLoadPairs: number;
  /** Timed pairs of runs of the step cost (ours and plain `ai`'s) per catalog kind and size. */
  stepCostPairs: number;
  /** Timed pairs of requests (ours and plain `ai`'s) per way of holding tools and size. */
  appPatternPairs: number;
  /** Pairs of fresh processes importing the root entry and `ai`. */
  importPairs: number;
  /** Pairs of whole cold processes that search (ours and `toolSearch()`'s) per size. */
  coldSearchProcessPairs: number;
}

/** `bench --quick`: fewer rounds and repetitions, to finish within a minute. */
export const QUICK_BENCH_EFFORT: BenchEffort = {
  overheadRounds: 15,
  overheadIterations: 5,
  wrapperBatches: 41,
  wrapperBatchSize: 10,
  // A median of five: one cold build alone mostly measures the JIT warming up.
  builds: 5,
  searchPasses: 1,
  imports: 3,
  floorBuilds: 3,
  // A p99 of one pass over the bench corpus's 139 intents is its second-slowest search: one GC pause.
  floorPasses: 3,
  realisticQueries: 150,
  adversarialPasses: 1,
  scalingBatches: 21,
  longBuilds: 5,
  mcpRepetitions: 5,
  indexLoadPairs: 3,
  stepCostPairs: 3,
  appPatternPairs: 5,
  importPairs: 5,
  coldSearchProcessPairs: 3,
};

/** A full `bench` run: the figures docs/benchmarks.md quotes. */
export const FULL_BENCH_EFFORT: BenchEffort = {
  overheadRounds: 15,
  overheadIterations: 20,
  wrapperBatches: 201,
  wrapperBatchSize: 10,
  builds: 5,
  searchPasses: 3,
  imports: 7,
  floorBuilds: 5,
  floorPasses: 5,
  realisticQueries: 400,
  adversarialPasses: 3,
  scalingBatches: 101,
  // Builds of 5 to 25 ms on a shared machine: a median of five moved by half from run to run.
  longBuilds: 15,
  mcpRepetitions: 11,
  indexLoadPairs: 7,
  stepCostPairs: 9,
  appPatternPairs: 15,
  importPairs: 15,
  coldSearchProcessPairs: 7,
};
