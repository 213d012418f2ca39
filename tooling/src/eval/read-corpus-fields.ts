import { isRecord } from 'tool-disclosure/util';
import type { RelevanceGrade } from './eval-corpus.js';
import { rejectRow } from './reject-row.js';

/** Stands for a judged tool whose row was skipped, so the judgment is dropped, not unknown. */
export const skippedTool = Symbol('skipped tool');

/** A row's id as text, or its index when it has none. */
export function idOf(value: unknown, index: number): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : String(index);
}

/** A row's intent class, trimmed; `default` when it has none. */
export function classOf(value: unknown, where: string): string {
  if (value === undefined) return 'default';
  if (typeof value !== 'string' || value.trim() === '') {
    return rejectRow(`${where}.class must be a non-empty string`);
  }
  return value.trim();
}

/** A row's query text. */
export function queryOf(value: unknown, where: string): string {
  if (typeof value !== 'string') return rejectRow(`${where}.query must be a string`);
  return value;
}

/**
 * Grades keyed by the tools' wire names; `resolve` maps a key of the file to
 * one, to `skippedTool` (the judgment is dropped) or to undefined (the row is
 * rejected). A row whose positive judgments all name skipped tools is rejected.
 */
export function relevanceOf(
  value: unknown,
  where: string,
  resolve: (key: string) => string | typeof skippedTool | undefined,
): Record<string, RelevanceGrade> {
  if (!isRecord(value)) {
    return rejectRow(`${where} needs a relevance object mapping tools to grades 1 to 3`);
  }
  const grades: [string, RelevanceGrade][] = [];
  let droppedJudgments = 0;
  for (const [key, grade] of Object.entries(value)) {
    const wireName = resolve(key);
    if (wireName === undefined) rejectRow(`${where} judges an unknown tool ${JSON.stringify(key)}`);
    if (typeof grade !== 'number' || !Number.isInteger(grade)) {
      rejectRow(
        `${where} grades ${JSON.stringify(key)} with ${JSON.stringify(grade)}, not an integer`,
      );
    }
    if ((grade as number) <= 0) continue;
    if (wireName === skippedTool) droppedJudgments++;
    else grades.push([wireName as string, Math.min(3, grade as number) as RelevanceGrade]);
  }
  if (grades.length === 0 && droppedJudgments > 0) {
    rejectRow(`${where} judges only skipped tools`);
  }
  // fromEntries defines own properties, so a tool named "__proto__" stays a key.
  return Object.fromEntries(grades);
}

/** The file's namespace descriptions, each a string or an object with a `description`. */
export function namespacesOf(
  value: unknown,
  fail: (reason: string) => never,
): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value)) return fail('"namespaces" must map namespace names to descriptions');
  return Object.fromEntries(
    Object.entries(value).map(([namespace, description]) => {
      const text = isRecord(description) ? description.description : description;
      if (typeof text !== 'string') {
        fail(`the description of namespace ${JSON.stringify(namespace)} must be a string`);
      }
      return [namespace, text as string];
    }),
  );
}
