import type { DisclosureMode } from 'tool-disclosure/disclosure';
import type { AppPatternRow } from './measure-app-pattern.js';
import type { ColdProcess } from './measure-cold-process.js';
import type { ColdSearchProcess } from './measure-cold-search-process.js';
import type { CostModelRow } from './measure-cost-model.js';
import type { CostPerTaskRow } from './measure-cost-per-task.js';
import type { EngineRatio } from './measure-engine-ratios.js';
import type { FloorRatio } from './measure-floor-ratios.js';
import type { ImportRatio } from './measure-import-ratio.js';
import type { LongDescriptionBuild } from './measure-long-description-build.js';
import type { McpColdStart } from './measure-mcp-cold-start.js';
import type { StepCostCatalog } from './measure-step-cost.js';
import type { PricingProfile } from './pricing-profiles.js';
import type { ToolTaskMeasurement } from './run-scripted-tool-task.js';

/** Everything `bench` measures, in the key order of `bench --json`. */
export interface BenchReport {
  tokens: Record<number, Record<DisclosureMode, { advertised: number; full: number }>>;
  builtin_tool_search: ToolTaskMeasurement;
  ours: ToolTaskMeasurement;
  /** Median over rounds of (wrapped step time / unwrapped step time) at 1,000 tools. */
  overhead_ratio: number;
  /** Median cost of one `withToolDisclosureSync` call with a warm cache at 1,000 tools. */
  wrapper_ms_per_request: number;
  /**
   * Median cost of one call at 1,000 tools whose `tools` is a fresh record of
   * the same tool objects (`{ ...tools }`, a common serverless pattern): the
   * warm work plus reading and hashing the record.
   */
  fresh_record_ms_per_request: number;
  /** Median over rounds of (fresh-record call / warm call), measured alternately. */
  fresh_record_ratio: number;
  /** Catalog, disclosure and index build time per size, from a fresh tools record. */
  build_ms: Record<number, number>;
  /** Median import time of the built package in a child process; null when `dist/` is missing. */
  import_ms: number | null;
  search_ms: Record<number, { p50: number; p99: number }>;
  /** Heap growth of the default ranker's index at 10,000 tools; null when 10,000 is not measured. */
  heap_mb_10000: number | null;
  /**
   * The default ranker ÷ the floor engine (`createFloorIndex`), side by side in
   * this run: on the bench catalog and, when the shared benchmarks are present,
   * the realistic one, at `BENCH_FLOOR_SIZES` within the measured sizes and at
   * the largest. Absent in reports of earlier versions.
   */
  floor?: FloorRatio[];
  /** The slowest query of the adversarial set on the bench catalog at the largest measured size. */
  adversarial?: AdversarialReport;
  /**
   * Warm wrapper cost per request at 100 and 10,000 bench tools, the records
   * frozen with `freezeTools` (as the README recommends for large catalogs),
   * and in `unfrozen` the same tools not frozen; null unless 10,000 is measured.
   */
  wrapper_scaling?: WrapperScalingReport | null;
  /**
   * Reports of earlier versions only: a cold request that searches, in the
   * bench's own warm process, ours ÷ the AI SDK's `toolSearch()`, at 1,000 and
   * 10,000 bench tools. Replaced by `cold_search_process`, which measures the
   * whole cold process.
   */
  cold_search_ratio?: { tools_1000: number | null; tools_10000: number | null };
  /**
   * Scripted long runs per arm, catalog size and run length, priced under each
   * profile of `cost_model_pricing` (`measureCostModel`). Absent in reports of
   * earlier versions.
   */
  cost_model?: CostModelRow[];
  /** The pricing profiles of `cost_model`, as multipliers of the base input price. */
  cost_model_pricing?: Record<string, PricingProfile>;
  /**
   * The first wrapped request of a cold function over stdio MCP servers, tools
   * listed live against read from a snapshot (`measureMcpColdStart`); null when
   * no servers were given. Absent in reports of earlier versions.
   */
  mcp_cold_start?: McpColdStart | null;
  /**
   * Only in reports of earlier versions, which saved search indexes: the
   * default ranker's index built from the catalog against loaded from a saved
   * index's JSON text, parse included, at 1,000 and 10,000 bench tools. The
   * saved index was removed (loading took 2.0-3.0x its build), so `bench` no
   * longer writes it; `report` still renders it from an earlier file.
   */
  index_load?: IndexLoadMeasurement[];
  /**
   * The default ranker's index over 1,000 bench tools with 64 KB descriptions
   * against the same tools as they are (`measureLongDescriptionBuild`); null
   * unless 1,000 is measured. Absent in reports of earlier versions.
   */
  long_descriptions?: LongDescriptionBuild | null;
  /**
   * A whole cold process answering one request that does not search, the
   * wrapper's against plain `ai` with every tool (`measureColdProcess`), at
   * 1,000 and 10,000 bench-shaped tools when measured; empty without `dist/`.
   * Absent in reports of earlier versions.
   */
  cold_process?: ColdProcess[];
  /**
   * The cost of one model step through our `generateText` beside plain `ai`'s
   * with the same tools, every tool active (`measureStepCost`), for a zod and
   * a JSON Schema catalog at 1,000 and 10,000 bench tools when measured.
   * Absent in reports of earlier versions.
   */
  step_cost?: StepCostRow[];
  /**
   * The retrieval-driven cost model (`measureCostPerTask`): every request of
   * each judged set through each arm's real search, in conversations of each
   * length, cold and with the surface already cached, priced under each
   * profile of `cost_model_pricing`. Absent in reports of earlier versions.
   */
  cost_per_task?: CostPerTaskRow[];
  /**
   * One request of an application holding its tools each way (`APP_HOLDINGS`:
   * a reused record, `Object.freeze`, `freezeTools`, fresh tool objects per
   * request) through our `generateText` beside plain `ai`'s with the same
   * tools held the same way (`measureAppPattern`), at 1,000 and 10,000 tools
   * when measured, over the public sets' tools when the run has them. Absent
   * in reports of earlier versions.
   */
  app_patterns?: AppPatternRow[];
  /**
   * The import of the root entry ÷ `ai`'s own, each in fresh processes
   * (`measureImportRatio`); null without `dist/`. Absent in reports of
   * earlier versions.
   */
  import_ratio?: ImportRatio | null;
  /**
   * A whole cold process that imports, builds its tools and runs one
   * searching request, ours ÷ `ai`'s `toolSearch()` (`measureColdSearchProcess`),
   * at 1,000 and 10,000 bench tools when measured; empty without `dist/`.
   * Absent in reports of earlier versions.
   */
  cold_search_process?: ColdSearchProcess[];
  /**
   * Our search ÷ each independent engine's (`measureEngineRatios`: MiniSearch),
   * on every catalog and size of `floor`. Absent in reports of earlier versions.
   */
  engines?: EngineRatio[];
}

/** One row of `step_cost` in `bench --json`. */
export interface StepCostRow {
  /** How the tools' input schemas are written: `zod` (`z.object`) or `json_schema` (`jsonSchema`). */
  catalog: StepCostCatalog;
  tools: number;
  /** Model calls in each run (ours: search, call through `tool_call`, answer). */
  steps: number;
  /** Median of our run's milliseconds ÷ its steps, warm. */
  ours_ms_per_step: number;
  /** The same through plain `ai`'s `generateText`, given every tool. */
  plain_ai_ms_per_step: number;
  /** Median over alternated pairs of (our step ÷ plain `ai`'s step). */
  ratio: number;
}

/** The adversarial figures of `bench --json`. */
export interface AdversarialReport {
  tools: number;
  /** Our median search time of the slowest adversarial query, in milliseconds. */
  worst_ms: number;
  /** `worst_ms` ÷ the floor engine's p99 on the ordinary queries of the same catalog. */
  worst_ratio_to_floor_p99: number;
  /** The slowest query's text, cut to 80 code points. */
  worst_query: string;
}

/** The wrapper scaling figures of `bench --json`. */
export interface WrapperScalingReport {
  /** Warm wrapper cost per request, records frozen with `freezeTools`, at 100 tools. */
  ms_100: number;
  /** The same at 10,000 tools. */
  ms_10000: number;
  /** `ms_10000 / ms_100`. */
  ratio: number;
  /**
   * The same figures for records that are not frozen, which every warm request
   * checks key by key. Absent in reports of earlier versions, whose top-level
   * figures are of unfrozen records.
   */
  unfrozen?: { ms_100: number; ms_10000: number; ratio: number };
}

/** A row of `index_load`, in reports of earlier versions. */
export interface IndexLoadMeasurement {
  tools: number;
  /** Median time to build the index from the catalog's entries. */
  build_ms: number;
  /** Median time to parse the saved index's JSON text and load it. */
  load_ms: number;
  /** Median over pairs of (load / build); below 1 when loading is faster. */
  ratio: number;
  /** The saved index's JSON text, in bytes (UTF-8). */
  snapshot_bytes: number;
}
