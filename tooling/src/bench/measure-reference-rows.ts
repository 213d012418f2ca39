import { existsSync } from 'node:fs';
import type { NamespaceDeclaration, ToolDefinition } from 'tool-disclosure/catalog';
import type { BenchEffort } from './bench-effort.js';
import type { BenchReport } from './bench-report.js';
import { BENCH_REFERENCE_SIZE } from './bench-sizes.js';
import { createBenchTools } from './create-bench-tools.js';
import { measureImport } from './measure-import.js';
import { measureWrapperCost } from './measure-wrapper-cost.js';
import { measureWrapperOverhead } from './measure-wrapper-overhead.js';
import { roundTo as round } from './round-to.js';
import { runScriptedToolTask } from './run-scripted-tool-task.js';

/** `bench --json`'s rows at the reference size, and the package's import time. */
export type ReferenceRows = Pick<
  BenchReport,
  | 'builtin_tool_search'
  | 'ours'
  | 'overhead_ratio'
  | 'wrapper_ms_per_request'
  | 'fresh_record_ms_per_request'
  | 'fresh_record_ratio'
  | 'import_ms'
>;

export interface MeasureReferenceRowsOptions {
  /** The bench catalog at a size; measured here at `BENCH_REFERENCE_SIZE`. */
  definitionsOf: (size: number) => ToolDefinition[];
  namespaces: Record<string, NamespaceDeclaration>;
  /** The built package whose import is timed; `import_ms` is null without it. */
  packageEntry: string;
  effort: Pick<
    BenchEffort,
    'overheadRounds' | 'overheadIterations' | 'wrapperBatches' | 'wrapperBatchSize' | 'imports'
  >;
  onProgress: (message: string) => void;
}

/**
 * At `BENCH_REFERENCE_SIZE` tools: `ai`'s built-in `toolSearch` and ours on
 * the scripted task, the overhead of one `generateText` step and the
 * wrapper's cost per request; then the package's import time.
 */
export async function measureReferenceRows({
  definitionsOf,
  namespaces,
  packageEntry,
  effort,
  onProgress,
}: MeasureReferenceRowsOptions): Promise<ReferenceRows> {
  onProgress(`built-in toolSearch and ours on the scripted task, ${BENCH_REFERENCE_SIZE} tools`);
  const referenceDefinitions = definitionsOf(BENCH_REFERENCE_SIZE);
  const builtin_tool_search = await runScriptedToolTask({
    variant: 'builtin_tool_search',
    tools: createBenchTools(referenceDefinitions),
  });
  const ours = await runScriptedToolTask({
    variant: 'ours',
    tools: createBenchTools(referenceDefinitions),
    namespaces,
  });

  onProgress(`overhead of one generateText step, ${BENCH_REFERENCE_SIZE} tools`);
  const referenceTools = createBenchTools(referenceDefinitions);
  const overhead_ratio = await measureWrapperOverhead(referenceTools, effort);
  onProgress('wrapper cost per request, warm cache and fresh records');
  const wrapper = measureWrapperCost(referenceTools, effort);
  onProgress('package import time');
  const import_ms = existsSync(packageEntry)
    ? await measureImport(packageEntry, effort.imports)
    : null;
  return {
    builtin_tool_search,
    ours,
    overhead_ratio: round(overhead_ratio, 3),
    wrapper_ms_per_request: round(wrapper.warm, 4),
    fresh_record_ms_per_request: round(wrapper.fresh, 4),
    fresh_record_ratio: round(wrapper.ratio, 3),
    import_ms,
  };
}
