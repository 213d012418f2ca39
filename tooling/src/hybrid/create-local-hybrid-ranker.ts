import type { Ranker } from 'tool-disclosure/search';
import {
  createWordVectorEmbeddingModel,
  createWordVectorRanker,
} from 'tool-disclosure/word-vectors';
import { createHybridRanker } from './create-hybrid-ranker.js';

/**
 * The blend that ranked best with the word vectors on ToolLens and our judged
 * corpus: they know word meanings only roughly (alone, they find a relevant
 * ToolLens tool in the top 5 for 0.19 of requests, the lexical ranker 0.33),
 * so they nudge the lexical ranking rather than lead it.
 */
const localWeight = 0.15;

/**
 * Averaged word vectors score many unrelated pairs of texts high: a tool the
 * lexical ranker did not find is added, or a weak match made strong, only
 * above this. At 0.5, 9 of the judged corpus's 12 no-match requests got an
 * answer; at 0.7 one did ("what's my heart rate today" found a Jira worklog);
 * at 0.8 none, with ToolLens's R@5 and NDCG@5 unchanged to 0.001.
 */
const localMinSimilarity = 0.8;

/**
 * Hybrid search with no provider: the default ranker with word vectors
 * (`createWordVectorRanker`) blended with the embeddings of the same vectors
 * (`createWordVectorEmbeddingModel`). It is
 * the `hybrid` ranker of `tool-disclosure eval`; it is not exported, since the
 * table is read from the package's files (Node only) and would reach the
 * bundles of `tool-disclosure/hybrid` users.
 *
 * @example
 * const index = await createLocalHybridRanker().createIndex(entries);
 */
export function createLocalHybridRanker(): Ranker {
  return createHybridRanker({
    embeddingModel: createWordVectorEmbeddingModel(),
    lexical: createWordVectorRanker(),
    weight: localWeight,
    minSimilarity: localMinSimilarity,
  });
}
