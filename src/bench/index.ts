export { createFloorIndex } from './create-floor-index.js';
export {
  type LoadRealisticCatalogOptions,
  loadRealisticCatalog,
  REALISTIC_CATALOG_SETS,
  type RealisticCatalog,
} from './load-realistic-catalog.js';
export {
  type AdversarialReport,
  BENCH_FLOOR_SIZES,
  BENCH_REFERENCE_SIZE,
  BENCH_SIZES,
  BENCH_WRAPPER_SCALING_SIZES,
  type BenchReport,
  type RunBenchOptions,
  runBench,
  type WrapperScalingReport,
} from './run-bench.js';
