import { existsSync } from 'node:fs';
import type { NamespaceDeclaration, ToolDefinition } from 'tool-disclosure/catalog';
import { clearSearchIndexCache } from 'tool-disclosure/search';
import { APP_HOLDINGS } from './app-holding.js';
import type { BenchEffort } from './bench-effort.js';
import { type AppPatternRow, measureAppPattern } from './measure-app-pattern.js';
import { type ColdSearchProcess, measureColdSearchProcess } from './measure-cold-search-process.js';
import { type ImportRatio, measureImportRatio } from './measure-import-ratio.js';
import { roundTo as round } from './round-to.js';

/** The catalog sizes of `app_patterns` and `cold_search_process`, when among the measured sizes. */
export const BENCH_APP_SIZES: readonly number[] = Object.freeze([1000, 10000]);

/** What an application pays where it holds its tools: `bench --json`'s rows of what applications pay. */
export interface AppSpeed {
  app_patterns: AppPatternRow[];
  /** Null without the built package (`dist/`). */
  import_ratio: ImportRatio | null;
  /** Empty without the built package. */
  cold_search_process: ColdSearchProcess[];
}

export interface MeasureAppSpeedOptions {
  /** The sizes the run measures; only `BENCH_APP_SIZES` among them are measured here. */
  sizes: readonly number[];
  /** The catalog of the app patterns at a size: the public sets' tools when given. */
  appDefinitionsOf: (size: number) => ToolDefinition[];
  /** The bench catalog at a size: the cold process searches it for the judged corpus's clock tool. */
  benchDefinitionsOf: (size: number) => ToolDefinition[];
  namespaces: Record<string, NamespaceDeclaration>;
  /** The built package's root entry; the process rows need it. */
  packageEntry: string;
  effort: Pick<BenchEffort, 'appPatternPairs' | 'importPairs' | 'coldSearchProcessPairs'>;
  onProgress: (message: string) => void;
}

/**
 * The four ways of holding tools against plain `ai` (`measureAppPattern`),
 * the root entry's import against `ai`'s (`measureImportRatio`) and a whole
 * cold process that searches against `toolSearch()`'s
 * (`measureColdSearchProcess`), rounded for the report.
 */
export async function measureAppSpeed({
  sizes,
  appDefinitionsOf,
  benchDefinitionsOf,
  namespaces,
  packageEntry,
  effort,
  onProgress,
}: MeasureAppSpeedOptions): Promise<AppSpeed> {
  const appSizes = BENCH_APP_SIZES.filter((size) => sizes.includes(size));
  const built = existsSync(packageEntry);
  const app_patterns: AppPatternRow[] = [];
  for (const size of appSizes) {
    const definitions = appDefinitionsOf(size);
    for (const holding of APP_HOLDINGS) {
      onProgress(`a request with tools held as ${holding}, ours beside plain ai's, ${size} tools`);
      const row = await measureAppPattern({
        definitions,
        holding,
        pairs: effort.appPatternPairs,
      });
      app_patterns.push({
        ...row,
        ms: round(row.ms, 3),
        plain_ai_ms: round(row.plain_ai_ms, 3),
        ratio: round(row.ratio, 3),
      });
    }
    clearSearchIndexCache();
  }

  let import_ratio: ImportRatio | null = null;
  if (built) {
    onProgress("import of the package's root entry against ai's, fresh processes");
    const measured = await measureImportRatio({ packageEntry, pairs: effort.importPairs });
    import_ratio = {
      ours_ms: round(measured.ours_ms, 1),
      ai_ms: round(measured.ai_ms, 1),
      ratio: round(measured.ratio, 2),
    };
  }

  const cold_search_process: ColdSearchProcess[] = [];
  for (const size of built ? appSizes : []) {
    onProgress(`whole cold process that searches, ours against ai's toolSearch(), ${size} tools`);
    const measured = await measureColdSearchProcess({
      packageEntry,
      definitions: benchDefinitionsOf(size),
      namespaces,
      pairs: effort.coldSearchProcessPairs,
    });
    cold_search_process.push({
      tools: size,
      ours_ms: round(measured.ours_ms, 1),
      tool_search_ms: round(measured.tool_search_ms, 1),
      ratio: round(measured.ratio, 2),
    });
  }
  return { app_patterns, import_ratio, cold_search_process };
}
