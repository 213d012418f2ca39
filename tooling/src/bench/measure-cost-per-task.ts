import type { ToolSet } from 'ai';
import type { NamespaceDeclaration, ToolDefinition } from 'tool-disclosure/catalog';
import type { EvalIntent } from '../eval/eval-corpus.js';
import { padWithDistractors } from '../eval/generate-distractors.js';
import { createPrefixMeter } from './create-prefix-meter.js';
import { deferAllTools } from './defer-all-tools.js';
import { priceSteps } from './measure-cost-model.js';
import type { PricingProfile } from './pricing-profiles.js';
import { roundTo } from './round-to.js';
import {
  COST_PER_TASK_ARMS,
  type CostPerTaskArm,
  type RetrievalTask,
  runRetrievalConversation,
} from './run-retrieval-conversation.js';
import { shortenQuery } from './shorten-query.js';
import { createSizedResultTools } from './sized-result.js';

/** The lowest judged grade of a tool that does a task: 2 serves it less directly, 1 is only a fallback. */
export const COST_PER_TASK_MIN_GRADE = 2;

/** Whether the surface was in the provider's cache before the conversation began. */
export type CostPerTaskCache = 'cold' | 'warm';

/** One judged set of the retrieval-driven cost model: requests graded against its own catalog. */
export interface CostPerTaskSet {
  /** The set's name in the rows, such as `mcp-servers`. */
  name: string;
  /** The catalog the requests were judged against; padded with distractors (or cut) to each size. */
  tools: readonly ToolDefinition[];
  namespaces: Record<string, NamespaceDeclaration>;
  intents: readonly EvalIntent[];
}

/** One row of `cost_per_task` in `bench --json`. */
export interface CostPerTaskRow {
  set: string;
  arm: CostPerTaskArm;
  tools: number;
  /** Requests per conversation; the last conversation of a set holds what is left. */
  requests: number;
  /** `warm`: the first request's tool definitions were already in the provider's cache. */
  cache: CostPerTaskCache;
  pricing: string;
  /** Requests of the set that a tool of the catalog does (a judged tool of grade 2 or 3). */
  tasks: number;
  /** Requests with no such tool, where the right answer is to give up; run, billed, never completed. */
  no_match: number;
  /** Tasks completed, of `tasks`: a tool of grade 2 or 3 ran and answered. */
  completed: number;
  /** Every `tool_search` call of the runs ÷ completed tasks; null when none completed. */
  searches: number | null;
  /** Every request's billed input ÷ completed tasks, in base-input token-equivalents; null when none completed. */
  billed_input: number | null;
}

export interface MeasureCostPerTaskOptions {
  sets: readonly CostPerTaskSet[];
  /** Catalog sizes, each set's tools padded with distractors (or cut) to it. */
  sizes: readonly number[];
  /** Requests per conversation. */
  requestCounts: readonly number[];
  pricing: Readonly<Record<string, PricingProfile>>;
  onProgress?: (message: string) => void;
}

const silent = () => {};

/**
 * The retrieval-driven cost model: every request of each judged set, in the
 * set's order, in conversations of each length, through every arm at every
 * size; one row per set, arm, size, length, cache state and pricing profile.
 *
 * @example
 * const rows = await measureCostPerTask({ sets, sizes: [1000], requestCounts: [1, 5, 20], pricing: PRICING_PROFILES });
 */
export async function measureCostPerTask({
  sets,
  sizes,
  requestCounts,
  pricing,
  onProgress = silent,
}: MeasureCostPerTaskOptions): Promise<CostPerTaskRow[]> {
  const counts = [...new Set(requestCounts)].sort((left, right) => left - right);
  const rows: CostPerTaskRow[] = [];
  for (const set of sets) {
    for (const size of [...new Set(sizes)].sort((left, right) => left - right)) {
      const definitions =
        size <= set.tools.length ? set.tools.slice(0, size) : padWithDistractors(set.tools, size);
      const parameters = new Map(definitions.map((tool) => [tool.name, tool.parameters]));
      const tasks = retrievalTasks(set.intents, definitions);
      const matchable = tasks.filter((task) => task.targets.size > 0).length;
      const tools = createSizedResultTools(definitions);
      for (const arm of COST_PER_TASK_ARMS) {
        const armTools: ToolSet = arm === 'ai_tool_search' ? deferAllTools(tools) : tools;
        const meter = createPrefixMeter();
        for (const requests of counts) {
          onProgress(`cost per task: ${set.name}, ${arm}, ${size} tools, ${requests} requests`);
          let searches = 0;
          let completed = 0;
          const billed = new Map<string, number>();
          for (let start = 0; start < tasks.length; start += requests) {
            const conversation = await runRetrievalConversation({
              arm,
              tools: armTools,
              parametersOf: (name) => parameters.get(name),
              namespaces: set.namespaces,
              tasks: tasks.slice(start, start + requests),
              meter,
            });
            for (const outcome of conversation.outcomes) {
              searches += outcome.searches;
              if (outcome.completed) completed++;
            }
            for (const cache of ['cold', 'warm'] as const) {
              const measured = meter.measure(conversation.requests, {
                cachedLead: cache === 'warm' ? conversation.surfaceSegments : 0,
              });
              for (const [name, profile] of Object.entries(pricing)) {
                const key = `${cache}:${name}`;
                billed.set(
                  key,
                  (billed.get(key) ?? 0) +
                    priceSteps(measured, measured.length, profile).billed_input,
                );
              }
            }
          }
          for (const cache of ['cold', 'warm'] as const) {
            for (const name of Object.keys(pricing)) {
              rows.push({
                set: set.name,
                arm,
                tools: size,
                requests,
                cache,
                pricing: name,
                tasks: matchable,
                no_match: tasks.length - matchable,
                completed,
                searches: completed === 0 ? null : roundTo(searches / completed, 2),
                billed_input:
                  completed === 0
                    ? null
                    : roundTo((billed.get(`${cache}:${name}`) ?? 0) / completed, 1),
              });
            }
          }
        }
      }
    }
  }
  return rows;
}

/**
 * The agent's requests: every intent in order, its targets the judged tools
 * of grade 2 or more that are in the catalog, best grade first.
 */
export function retrievalTasks(
  intents: readonly EvalIntent[],
  definitions: readonly ToolDefinition[],
): RetrievalTask[] {
  const names = new Set(definitions.map((definition) => definition.name));
  return intents.map((intent, ordinal) => ({
    id: `t${ordinal + 1}`,
    query: intent.query,
    retry: shortenQuery(intent.query),
    targets: new Map(
      Object.entries(intent.relevance)
        .filter(([name, grade]) => names.has(name) && grade >= COST_PER_TASK_MIN_GRADE)
        .sort((left, right) => right[1] - left[1]),
    ),
    ordinal,
  }));
}
