import type { ToolDefinition } from 'tool-disclosure/catalog';
import { InvalidOptionError } from 'tool-disclosure/error';
import { createSeededRandom } from 'tool-disclosure/util';
import type { EvalCorpus, EvalIntent } from './eval-corpus.js';
import { isJudged } from './retrieval-metrics.js';

/** The seed the `gates` command builds every near-miss variant with. */
export const NEAR_MISS_SEED = 13;

/** Names the method in reports, so figures of a later method are not compared with these. */
export const NEAR_MISS_METHOD =
  'near-miss-v1: pick min(100, max(5, 10% of answerable queries)) answerable queries in seeded order, ' +
  'removing at most max(5, 10% of the judged tools), never a tool with a near-duplicate that stays ' +
  '(same normalized local name, or description term sets with Jaccard >= 0.8)';

/** What a near-miss variant changed, as `eval --near-miss` reports it. */
export interface NearMissSummary {
  seed: number;
  /** Tools taken out of the catalog: the judged tools of the picked queries. */
  removed_tools: number;
  /** Picked queries, now `no_match` queries whose right answer is no result. */
  no_match_queries: number;
  /** Queries left out: they lost a judged tool without being picked, or were unjudged already. */
  dropped_queries: number;
  method: string;
}

export interface BuildNearMissCorpusOptions {
  corpus: EvalCorpus;
  /** Seeds the order in which answerable queries are considered. */
  seed: number;
}

/** A near-miss variant of a corpus and what it changed. */
export interface NearMissCorpus {
  corpus: EvalCorpus;
  summary: NearMissSummary;
}

const maxPickedQueries = 100;
const minPickedQueries = 5;
const pickedShare = 0.1;
const minRemovedTools = 5;
const removedToolShare = 0.1;
const duplicateJaccard = 0.8;

/**
 * Builds the near-miss no-match variant of a judged corpus: the queries whose
 * answer was taken out of the catalog, so the right answer is no result,
 * among queries whose answers stay.
 *
 * Answerable queries are considered in an order shuffled by `seed`. A query is
 * picked while fewer than min(100, max(5, 10% of the answerable queries)) are,
 * if removing its judged tools keeps the removed tools at most max(5, 10% of
 * the tools any query judges) — so that most answerable queries keep their
 * answers — and if none of its judged tools has a near-duplicate that
 * stays: a tool with the same normalized local name (the part after the last
 * `__` or `.`, lower-cased, without `_`, `-` or spaces) or a description whose
 * set of words has a Jaccard similarity of 0.8 or more, because then a result
 * would be right and "nothing" would not. The judged tools of the picked
 * queries leave the catalog and the picked queries become `no_match` queries
 * with empty relevance; the other queries whose judged tools all stay are kept
 * as they are. Queries that lost a judged tool without being picked are
 * dropped, and so are the corpus's own unjudged queries, so the variant's
 * no-match accuracy is the near-miss accuracy alone.
 *
 * @example
 * const { corpus: variant, summary } = buildNearMissCorpus({ corpus, seed: NEAR_MISS_SEED });
 * const report = await evaluateRanker({ corpus: variant, ranker });
 * report.metrics.no_match_accuracy; // the near-miss no-match accuracy
 */
export function buildNearMissCorpus({ corpus, seed }: BuildNearMissCorpusOptions): NearMissCorpus {
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new InvalidOptionError({
      option: 'seed',
      value: seed,
      expected: 'an integer of 0 or more',
    });
  }
  const answerable = corpus.intents.filter(isJudged);
  const pickLimit = Math.min(
    maxPickedQueries,
    Math.max(minPickedQueries, Math.floor(answerable.length * pickedShare)),
  );
  const judgedTools = new Set(answerable.flatMap((intent) => Object.keys(intent.relevance)));
  const removeLimit = Math.max(minRemovedTools, Math.floor(judgedTools.size * removedToolShare));
  const findNearDuplicates = createNearDuplicateFinder(corpus.tools);

  const removed = new Set<string>();
  const picked = new Set<EvalIntent>();
  for (const intent of shuffle(answerable, seed)) {
    if (picked.size >= pickLimit) break;
    const judged = Object.keys(intent.relevance);
    const removing = new Set([...removed, ...judged]);
    if (removing.size > removeLimit) continue;
    // Tools removed earlier only shrink what stays, so earlier picks stay valid.
    const keepsNearDuplicate = judged.some((name) =>
      findNearDuplicates(name).some((duplicate) => !removing.has(duplicate)),
    );
    if (keepsNearDuplicate) continue;
    for (const name of judged) removed.add(name);
    picked.add(intent);
  }

  const intents: EvalIntent[] = [];
  for (const intent of corpus.intents) {
    if (picked.has(intent)) {
      intents.push({ id: intent.id, class: 'no_match', query: intent.query, relevance: {} });
    } else if (
      isJudged(intent) &&
      Object.keys(intent.relevance).every((name) => !removed.has(name))
    ) {
      intents.push(intent);
    }
  }
  const variant: EvalCorpus = {
    ...corpus,
    name: `${corpus.name} near-miss ${seed}`,
    tools: corpus.tools.filter((tool) => !removed.has(tool.name)),
    intents,
  };
  return {
    corpus: variant,
    summary: {
      seed,
      removed_tools: removed.size,
      no_match_queries: picked.size,
      dropped_queries: corpus.intents.length - intents.length,
      method: NEAR_MISS_METHOD,
    },
  };
}

/** Fisher–Yates over a copy, driven by the seeded PRNG: the same seed, the same order. */
function shuffle<ITEM>(items: readonly ITEM[], seed: number): ITEM[] {
  const random = createSeededRandom(seed);
  const shuffled = [...items];
  for (let index = shuffled.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other] as ITEM, shuffled[index] as ITEM];
  }
  return shuffled;
}

/**
 * Returns, for a tool name, the names of the other tools that are its
 * near-duplicates; each tool is compared with the catalog once, on first use.
 */
function createNearDuplicateFinder(tools: readonly ToolDefinition[]): (name: string) => string[] {
  const features = tools.map((tool) => ({
    name: tool.name,
    localName: normalizedLocalName(tool),
    terms: descriptionTerms(tool.description),
  }));
  const byName = new Map(features.map((feature) => [feature.name, feature]));
  const cache = new Map<string, string[]>();
  return (name) => {
    const cached = cache.get(name);
    if (cached !== undefined) return cached;
    const own = byName.get(name);
    const duplicates =
      own === undefined
        ? []
        : features
            .filter(
              (other) =>
                other.name !== name &&
                ((own.localName !== '' && other.localName === own.localName) ||
                  jaccard(own.terms, other.terms) >= duplicateJaccard),
            )
            .map((other) => other.name);
    cache.set(name, duplicates);
    return duplicates;
  };
}

/** `github__send_message` and `slack.send-message` both give `sendmessage`. */
function normalizedLocalName(tool: ToolDefinition): string {
  const source = tool.capability_id ?? tool.name;
  const local = source.split(/__|\./).pop() ?? source;
  return local.toLowerCase().replace(/[\s_-]+/g, '');
}

function descriptionTerms(description: string | undefined): Set<string> {
  return new Set((description ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

/** |A ∩ B| / |A ∪ B|; 0 when either set is empty, so two blank descriptions are not duplicates. */
function jaccard(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const term of left) if (right.has(term)) shared++;
  return shared / (left.size + right.size - shared);
}
