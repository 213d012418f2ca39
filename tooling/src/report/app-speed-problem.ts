import { isRecord } from 'tool-disclosure/util';
import { APP_HOLDINGS } from '../bench/app-holding.js';

/**
 * The first problem of a bench report's `app_patterns`, `import_ratio`,
 * `cold_search_process` and `engines`, each optional (reports of earlier
 * versions have none) and checked when present; undefined when they are fine.
 */
export function appSpeedProblem(data: Record<string, unknown>): string | undefined {
  const patterns = data.app_patterns;
  if (
    patterns !== undefined &&
    (!Array.isArray(patterns) ||
      !patterns.every(
        (row) =>
          isRecord(row) &&
          (APP_HOLDINGS as readonly unknown[]).includes(row.holding) &&
          ['tools', 'ms', 'plain_ai_ms', 'ratio'].every((key) => isNumber(row[key])),
      ))
  ) {
    return `bench "app_patterns" is not a list of {"tools", "holding" (${APP_HOLDINGS.map((holding) => `"${holding}"`).join(', ')}), "ms", "plain_ai_ms", "ratio"}`;
  }
  const imports = data.import_ratio;
  if (
    imports !== undefined &&
    imports !== null &&
    (!isRecord(imports) || !['ours_ms', 'ai_ms', 'ratio'].every((key) => isNumber(imports[key])))
  ) {
    return 'bench "import_ratio" is neither null nor {"ours_ms", "ai_ms", "ratio"}';
  }
  const cold = data.cold_search_process;
  if (
    cold !== undefined &&
    (!Array.isArray(cold) ||
      !cold.every(
        (row) =>
          isRecord(row) &&
          ['tools', 'ours_ms', 'tool_search_ms', 'ratio'].every((key) => isNumber(row[key])),
      ))
  ) {
    return 'bench "cold_search_process" is not a list of {"tools", "ours_ms", "tool_search_ms", "ratio"}';
  }
  const engines = data.engines;
  if (
    engines !== undefined &&
    (!Array.isArray(engines) ||
      !engines.every(
        (row) =>
          isRecord(row) &&
          (row.catalog === 'bench' || row.catalog === 'realistic') &&
          typeof row.engine === 'string' &&
          ['tools', 'search_p50_ratio', 'search_p99_ratio'].every((key) => isNumber(row[key])),
      ))
  ) {
    return 'bench "engines" is not a list of {"catalog" ("bench" or "realistic"), "tools", "engine" (a string), "search_p50_ratio", "search_p99_ratio"}';
  }
  return undefined;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
