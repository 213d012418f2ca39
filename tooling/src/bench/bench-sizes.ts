/** The catalog sizes measured by default. */
export const BENCH_SIZES: readonly number[] = Object.freeze([10, 100, 1000, 10000]);

/** The catalog size of the overhead, per-request and built-in comparison measurements. */
export const BENCH_REFERENCE_SIZE = 1000;

/** The catalog sizes of the cost model. */
export const BENCH_COST_SIZES: readonly number[] = Object.freeze([1000, 10000]);

/** The run lengths of the cost model, in model calls; `--quick` leaves out the longest. */
export const BENCH_COST_STEPS: readonly number[] = Object.freeze([5, 20, 50]);

/** The run lengths of the cost model under `--quick`. */
export const BENCH_QUICK_COST_STEPS: readonly number[] = Object.freeze([5, 20]);

/** Requests per conversation of the retrieval-driven cost model (`cost_per_task`). */
export const BENCH_COST_REQUESTS: readonly number[] = Object.freeze([1, 5, 20]);

/**
 * The catalog sizes of the floor comparison, when among the measured sizes;
 * the largest measured size is always compared too.
 */
export const BENCH_FLOOR_SIZES: readonly number[] = Object.freeze([1000, 10000]);

/** The catalog sizes of the whole cold process without a search (`cold_process`), when among the measured sizes. */
export const BENCH_COLD_PROCESS_SIZES: readonly number[] = Object.freeze([1000, 10000]);

/** The small and the large catalog of the wrapper scaling measurement. */
export const BENCH_WRAPPER_SCALING_SIZES = Object.freeze({ small: 100, large: 10000 });

/** The catalog sizes of the step cost beside plain `ai`'s, when among the measured sizes. */
export const BENCH_STEP_COST_SIZES: readonly number[] = Object.freeze([1000, 10000]);
