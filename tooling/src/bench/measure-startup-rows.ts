import { existsSync } from 'node:fs';
import type { ToolDefinition } from 'tool-disclosure/catalog';
import type { BenchEffort } from './bench-effort.js';
import type { BenchReport } from './bench-report.js';
import { BENCH_COLD_PROCESS_SIZES } from './bench-sizes.js';
import { type ColdProcess, measureColdProcess } from './measure-cold-process.js';
import {
  type LongDescriptionBuild,
  measureLongDescriptionBuild,
} from './measure-long-description-build.js';
import {
  type McpBenchServer,
  type McpColdStart,
  measureMcpColdStart,
} from './measure-mcp-cold-start.js';
import { roundTo as round } from './round-to.js';

/** The catalog size at which builds with 64 KB descriptions are compared with ordinary ones. */
const LONG_DESCRIPTION_TOOLS = 1000;

/** `bench --json`'s rows of what it costs to get ready: builds, processes, MCP listings. */
export type StartupRows = Required<
  Pick<BenchReport, 'long_descriptions' | 'cold_process' | 'mcp_cold_start'>
>;

export interface MeasureStartupRowsOptions {
  /** The measured sizes; each row is measured only when its sizes are among them. */
  sizes: readonly number[];
  /** The bench catalog at a size. */
  definitionsOf: (size: number) => ToolDefinition[];
  /** The built package's root entry; `cold_process` is empty without it. */
  packageEntry: string;
  /** Stdio MCP servers; `mcp_cold_start` is null without any. */
  mcpServers: readonly McpBenchServer[];
  effort: Pick<BenchEffort, 'longBuilds' | 'indexLoadPairs' | 'mcpRepetitions'>;
  onProgress: (message: string) => void;
}

/**
 * Index builds with 64 KB descriptions against ordinary ones, a whole cold
 * process without a search against plain `ai`'s at `BENCH_COLD_PROCESS_SIZES`,
 * and a cold request over stdio MCP servers, live against a snapshot.
 */
export async function measureStartupRows({
  sizes,
  definitionsOf,
  packageEntry,
  mcpServers,
  effort,
  onProgress,
}: MeasureStartupRowsOptions): Promise<StartupRows> {
  let long_descriptions: LongDescriptionBuild | null = null;
  if (sizes.includes(LONG_DESCRIPTION_TOOLS)) {
    onProgress(`index build with 64 KB descriptions, ${LONG_DESCRIPTION_TOOLS} tools`);
    const measured = await measureLongDescriptionBuild({
      definitions: definitionsOf(LONG_DESCRIPTION_TOOLS),
      builds: effort.longBuilds,
    });
    long_descriptions = {
      ...measured,
      ordinary_build_ms: round(measured.ordinary_build_ms, 2),
      long_build_ms: round(measured.long_build_ms, 2),
      ratio: round(measured.ratio, 2),
    };
  }

  const cold_process: ColdProcess[] = [];
  if (existsSync(packageEntry)) {
    for (const tools of BENCH_COLD_PROCESS_SIZES.filter((size) => sizes.includes(size))) {
      onProgress(`whole cold process without a search, plain ai against ours, ${tools} tools`);
      const measured = await measureColdProcess({
        packageEntry,
        tools,
        pairs: effort.indexLoadPairs,
      });
      cold_process.push({
        tools,
        plain_ms: round(measured.plain_ms, 1),
        ours_ms: round(measured.ours_ms, 1),
        ratio: round(measured.ratio, 3),
      });
    }
  }

  let mcp_cold_start: McpColdStart | null = null;
  if (mcpServers.length > 0) {
    onProgress(
      `cold request over ${mcpServers.length} stdio MCP servers, live listing and snapshot`,
    );
    const measured = await measureMcpColdStart({
      servers: mcpServers,
      repetitions: effort.mcpRepetitions,
    });
    mcp_cold_start = {
      ...measured,
      live_ms: round(measured.live_ms, 2),
      snapshot_ms: round(measured.snapshot_ms, 3),
      ratio: round(measured.ratio, 4),
    };
  }
  return { long_descriptions, cold_process, mcp_cold_start };
}
