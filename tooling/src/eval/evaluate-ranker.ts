import { performance } from 'node:perf_hooks';
import type { CatalogEntry } from 'tool-disclosure/catalog';
import { createCatalog } from 'tool-disclosure/catalog';
import { InvalidOptionError } from 'tool-disclosure/error';
import type { Ranker, SearchIndex } from 'tool-disclosure/search';
import { compareByteOrder } from 'tool-disclosure/util';
import { percentile } from '../bench/percentile.js';
import type { EvalCorpus } from './eval-corpus.js';
import { padWithDistractors } from './generate-distractors.js';
import { InvalidEvalCorpusError } from './invalid-eval-corpus-error.js';
import {
  aggregateRetrievalMetrics,
  isFalseEmpty,
  isJudged,
  mean,
  ndcgAtK,
  type RankedIntent,
  type RetrievalMetrics,
  recallAtK,
} from './retrieval-metrics.js';

export interface EvaluateRankerOptions {
  /** The judged corpus; its tools are the catalog. */
  corpus: EvalCorpus;
  /** The ranker under test; its index is built once for the whole run. */
  ranker: Ranker;
  /** Pads the catalog to this many tools with deterministic distractors. @default no padding */
  distractors?: number;
  /** Results asked for per query (1 to 50). @default 10 */
  limit?: number;
}

/** Metrics of the intents of one class; recall and NDCG are null when none of them is judged. */
export interface ClassMetrics {
  count: number;
  recall_at_5: number | null;
  ndcg_at_10: number | null;
}

/** A judged intent the ranker answered badly, with the wire names it ranked first. */
export interface WorstQuery {
  query: string;
  ndcg_at_10: number;
  top: string[];
}

/** A judged intent the ranker answered with no result, and the wire names it should have found. */
export interface FalseEmptyQuery {
  id: string;
  query: string;
  relevant: string[];
}

/** The retrieval report of one ranker on one corpus. */
export interface RetrievalReport {
  ranker: string;
  tool_count: number;
  query_count: number;
  /** Unrounded, so committed baselines are reproduced exactly. */
  metrics: RetrievalMetrics;
  /** Keyed by intent class, in byte order. */
  classes: Record<string, ClassMetrics>;
  /** The 10 judged intents with the lowest NDCG@10; ties by query. */
  worst: WorstQuery[];
  /** The first 10 false empties (judged intents answered with nothing), in corpus order. */
  false_empties: FalseEmptyQuery[];
  /** Milliseconds, rounded to 3 decimals; printed, never gated. */
  timing_ms: { build: number; query_p50: number; query_p99: number };
}

const worstCount = 10;
const falseEmptyListCount = 10;
const topCount = 5;

/**
 * Builds the corpus catalog (padded with distractors if asked), indexes it once
 * with `ranker`, runs every intent query and scores the rankings.
 *
 * @example
 * const report = await evaluateRanker({ corpus: await loadEvalCorpus(path), ranker, distractors: 1000 });
 */
export async function evaluateRanker({
  corpus,
  ranker,
  distractors,
  limit = 10,
}: EvaluateRankerOptions): Promise<RetrievalReport> {
  if (!Number.isInteger(limit) || limit < 1 || limit > 50) {
    throw new InvalidOptionError({ option: 'limit', value: limit, expected: 'an integer 1 to 50' });
  }
  if (distractors !== undefined && (!Number.isSafeInteger(distractors) || distractors < 0)) {
    throw new InvalidOptionError({
      option: 'distractors',
      value: distractors,
      expected: 'a catalog size of 0 or more tools',
    });
  }
  const catalog = await createCatalog({
    definitions:
      distractors === undefined ? corpus.tools : padWithDistractors(corpus.tools, distractors),
    namespaces: Object.fromEntries(
      Object.entries(corpus.namespaces).map(([name, description]) => [name, { description }]),
    ),
  });
  const buildStart = performance.now();
  const index = await ranker.createIndex(catalog.entries);
  const build = performance.now() - buildStart;
  const { answers, durations } = await answerIntents(corpus, catalog.entries, index, limit);

  return {
    ranker: ranker.name,
    tool_count: catalog.entries.length,
    query_count: corpus.intents.length,
    metrics: aggregateRetrievalMetrics(answers),
    classes: classMetrics(answers),
    worst: worstQueries(answers),
    false_empties: answers
      .filter(isFalseEmpty)
      .slice(0, falseEmptyListCount)
      .map(({ id, query, relevance }) => ({ id, query, relevant: Object.keys(relevance) })),
    timing_ms: {
      build: roundMilliseconds(build),
      query_p50: roundMilliseconds(percentile(durations, 0.5)),
      query_p99: roundMilliseconds(percentile(durations, 0.99)),
    },
  };
}

function classMetrics(answers: readonly RankedIntent[]): Record<string, ClassMetrics> {
  const byClass = new Map<string, RankedIntent[]>();
  for (const answer of answers) {
    const members = byClass.get(answer.class);
    if (members) members.push(answer);
    else byClass.set(answer.class, [answer]);
  }
  return Object.fromEntries(
    [...byClass.keys()].sort(compareByteOrder).map((name) => {
      const members = byClass.get(name) as RankedIntent[];
      const judged = members.filter(isJudged);
      const metrics: ClassMetrics = {
        count: members.length,
        recall_at_5: mean(judged.map((answer) => recallAtK(answer.ranked, answer.relevance, 5))),
        ndcg_at_10: mean(judged.map((answer) => ndcgAtK(answer.ranked, answer.relevance, 10))),
      };
      return [name, metrics];
    }),
  );
}

function worstQueries(answers: readonly (RankedIntent & { query: string })[]): WorstQuery[] {
  return answers
    .filter(isJudged)
    .map((answer) => ({
      query: answer.query,
      ndcg_at_10: ndcgAtK(answer.ranked, answer.relevance, 10),
      top: answer.ranked.slice(0, topCount),
    }))
    .sort(
      (left, right) =>
        left.ndcg_at_10 - right.ndcg_at_10 || compareByteOrder(left.query, right.query),
    )
    .slice(0, worstCount);
}

function roundMilliseconds(milliseconds: number): number {
  return Math.round(milliseconds * 1000) / 1000;
}

/** A judged intent's answer, with its id and query. */
export type AnsweredIntent = RankedIntent & { id: string; query: string };

/**
 * Runs every intent of `corpus` through `index` (over `entries`, the corpus's catalog) and
 * gives each answer and how long each search took, in milliseconds.
 */
export async function answerIntents(
  corpus: EvalCorpus,
  entries: readonly CatalogEntry[],
  index: SearchIndex,
  limit: number,
): Promise<{ answers: AnsweredIntent[]; durations: number[] }> {
  // Relevance names a tool by its definition name, the entry's key; results carry wire names.
  const wireNameByKey = new Map(entries.map((entry) => [entry.key, entry.wireName]));
  const durations: number[] = [];
  const answers: AnsweredIntent[] = [];
  for (const intent of corpus.intents) {
    const relevance = Object.fromEntries(
      Object.entries(intent.relevance).map(([key, grade]) => {
        const wireName = wireNameByKey.get(key);
        if (wireName === undefined) {
          throw new InvalidEvalCorpusError({
            corpus: corpus.name,
            reason: `intent ${JSON.stringify(intent.id)} judges ${JSON.stringify(key)}, which is not in the catalog`,
          });
        }
        return [wireName, grade];
      }),
    );
    const start = performance.now();
    const results = await index.search(intent.query, limit);
    durations.push(performance.now() - start);
    answers.push({
      id: intent.id,
      class: intent.class,
      query: intent.query,
      relevance,
      ranked: results.slice(0, limit).map((result) => result.entry.wireName),
      matched: results.slice(0, limit).filter((result) => result.weak !== true).length,
    });
  }
  return { answers, durations };
}
