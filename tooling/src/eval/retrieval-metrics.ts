/** Grades of the judged tools of one intent, keyed by wire name. */
export type Relevance = Readonly<Record<string, number>>;

/** One intent's ranked answer: wire names best first, and its judgments. */
export interface RankedIntent {
  readonly class: string;
  readonly ranked: readonly string[];
  readonly relevance: Relevance;
  /**
   * How many of `ranked` the ranker presented as matches, not as weak
   * evidence (`RankedTool.weak`); every one of them when absent.
   */
  readonly matched?: number;
}

/** Averages over the judged intents of a run. */
export interface RetrievalMetrics {
  recall_at_1: number;
  recall_at_3: number;
  recall_at_5: number;
  recall_at_10: number;
  mrr: number;
  ndcg_at_5: number;
  ndcg_at_10: number;
  /**
   * Share of `no_match` intents answered with no match: no result, or only
   * results marked as weak evidence; null when there are none.
   */
  no_match_accuracy: number | null;
  /** Share of `no_match` intents answered with no result at all, weak ones included; null when there are none. */
  no_match_empty_accuracy: number | null;
  /** Judged intents (a non-empty relevance map) answered with no result at all. */
  false_empty_count: number;
  /**
   * `false_empty_count` over the judged intents: how often a query that has an
   * answer gets nothing; null when no intent is judged.
   */
  false_empty_rate: number | null;
  /**
   * Judged intents answered only with weak evidence: not an empty answer, but
   * one the model is told probably does not fit.
   */
  weak_only_count: number;
}

/**
 * Recall@k: the share of the judged tools found in the top `k`.
 *
 * @example
 * recallAtK(['a', 'x', 'b'], { a: 3, b: 1, c: 1 }, 2) // 1 / 3
 */
export function recallAtK(ranked: readonly string[], relevance: Relevance, k: number): number {
  const judged = Object.values(relevance).filter((grade) => grade > 0).length;
  if (judged === 0) return 0;
  const found = new Set(ranked.slice(0, k).filter((name) => gradeOf(relevance, name) > 0));
  return found.size / judged;
}

/**
 * The reciprocal rank of the first judged tool (ranks from 1), 0 if none is ranked.
 *
 * @example
 * reciprocalRank(['x', 'a'], { a: 1 }) // 0.5
 */
export function reciprocalRank(ranked: readonly string[], relevance: Relevance): number {
  const index = ranked.findIndex((name) => gradeOf(relevance, name) > 0);
  return index === -1 ? 0 : 1 / (index + 1);
}

/**
 * NDCG@k with gain (2^grade − 1) / log2(rank + 1), normalised by the DCG of the
 * judged grades in their ideal order (the best `k` of them); 0 when nothing is judged.
 *
 * @example
 * ndcgAtK(['b', 'a'], { a: 3, b: 1 }, 10) // (1 + 7 / log2(3)) / (7 + 1 / log2(3))
 */
export function ndcgAtK(ranked: readonly string[], relevance: Relevance, k: number): number {
  const ideal = Object.values(relevance)
    .filter((grade) => grade > 0)
    .sort((left, right) => right - left);
  const idealDcg = discountedGain(ideal, k);
  if (idealDcg === 0) return 0;
  // A tool a ranker returns twice gains only at its first rank.
  const seen = new Set<string>();
  const grades = ranked.map((name) => {
    const grade = seen.has(name) ? 0 : gradeOf(relevance, name);
    seen.add(name);
    return grade;
  });
  return discountedGain(grades, k) / idealDcg;
}

/**
 * A `no_match` intent is answered correctly by no match: no result, or (with
 * `matched` 0) only results the ranker marked as weak evidence.
 */
export function isNoMatchCorrect(ranked: readonly string[], matched = ranked.length): boolean {
  return ranked.length === 0 || matched === 0;
}

/**
 * A judged intent answered with no result: the ranker wrongly said "nothing
 * fits" although the corpus holds an answer.
 */
export function isFalseEmpty(intent: RankedIntent): boolean {
  return isJudged(intent) && intent.ranked.length === 0;
}

/**
 * Averages the metrics over intents with judgments (a non-empty relevance map),
 * counts those answered with nothing (false empties), and scores `no_match`
 * intents (empty relevance) by no-match accuracy. Sums
 * run in input order, so the same input gives bit-identical numbers; an
 * average over no intents is 0.
 */
export function aggregateRetrievalMetrics(intents: readonly RankedIntent[]): RetrievalMetrics {
  const judged = intents.filter(isJudged);
  const noMatch = intents.filter(
    (intent) => intent.class === 'no_match' && Object.keys(intent.relevance).length === 0,
  );
  const average = (metric: (intent: RankedIntent) => number) => mean(judged.map(metric)) ?? 0;
  const falseEmptyCount = judged.filter(isFalseEmpty).length;
  return {
    recall_at_1: average((intent) => recallAtK(intent.ranked, intent.relevance, 1)),
    recall_at_3: average((intent) => recallAtK(intent.ranked, intent.relevance, 3)),
    recall_at_5: average((intent) => recallAtK(intent.ranked, intent.relevance, 5)),
    recall_at_10: average((intent) => recallAtK(intent.ranked, intent.relevance, 10)),
    mrr: average((intent) => reciprocalRank(intent.ranked, intent.relevance)),
    ndcg_at_5: average((intent) => ndcgAtK(intent.ranked, intent.relevance, 5)),
    ndcg_at_10: average((intent) => ndcgAtK(intent.ranked, intent.relevance, 10)),
    no_match_accuracy: mean(
      noMatch.map((intent) => (isNoMatchCorrect(intent.ranked, intent.matched) ? 1 : 0)),
    ),
    no_match_empty_accuracy: mean(noMatch.map((intent) => (intent.ranked.length === 0 ? 1 : 0))),
    false_empty_count: falseEmptyCount,
    false_empty_rate: judged.length === 0 ? null : falseEmptyCount / judged.length,
    weak_only_count: judged.filter(
      (intent) => intent.ranked.length > 0 && (intent.matched ?? intent.ranked.length) === 0,
    ).length,
  };
}

/** True when the intent has at least one judged tool. */
export function isJudged(intent: { readonly relevance: Relevance }): boolean {
  return Object.keys(intent.relevance).length > 0;
}

/** The arithmetic mean, summed in order; null for no values. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

function discountedGain(grades: readonly number[], k: number): number {
  let dcg = 0;
  const depth = Math.min(k, grades.length);
  for (let index = 0; index < depth; index++) {
    const grade = grades[index] as number;
    if (grade > 0) dcg += (2 ** grade - 1) / Math.log2(index + 2);
  }
  return dcg;
}

function gradeOf(relevance: Relevance, name: string): number {
  return Object.hasOwn(relevance, name) ? (relevance[name] as number) : 0;
}
