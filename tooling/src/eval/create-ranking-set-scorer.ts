import type { Catalog } from 'tool-disclosure/catalog';
import { createCatalog } from 'tool-disclosure/catalog';
import { InvalidOptionError } from 'tool-disclosure/error';
import {
  analyzeToolTerms,
  indexOfToolTerms,
  RANKING_PARAMETERS,
  rankerSettingsOf,
  type ToolTerms,
  useRequestFillers,
} from 'tool-disclosure/search';
import type { EvalCorpus } from './eval-corpus.js';
import { answerIntents } from './evaluate-ranker.js';
import { rankingAtPoint } from './ranking-search-space.js';
import { aggregateRetrievalMetrics } from './retrieval-metrics.js';
import type { ScoreSet, SetScore } from './set-score.js';

export interface RankingSetScorerOptions {
  /** The sets by name. */
  readonly sets: ReadonlyMap<string, EvalCorpus>;
}

/**
 * Scores the default ranker on a set at a point of `RANKING_SEARCH_SPACE`: each set's catalog
 * is made and its tools analyzed once (per list of filler words), and an index of them is made
 * at each point. A point that switches the filler words off switches them for its own run only.
 *
 * @example
 * const score = createRankingSetScorer({ sets: new Map([['IronClaw', corpus]]) });
 * (await score('IronClaw', { phraseWeight: 0 })).ndcg_at_10;
 */
export function createRankingSetScorer({ sets }: RankingSetScorerOptions): ScoreSet {
  const catalogs = new Map<string, Promise<Catalog>>();
  const catalogOf = (name: string, corpus: EvalCorpus) => {
    let catalog = catalogs.get(name);
    if (catalog === undefined) {
      catalog = createCatalog({
        definitions: corpus.tools,
        namespaces: Object.fromEntries(
          Object.entries(corpus.namespaces).map(([namespace, description]) => [
            namespace,
            { description },
          ]),
        ),
      });
      catalogs.set(name, catalog);
    }
    return catalog;
  };
  const analyzed = new Map<string, ToolTerms>();
  return async (name, point) => {
    const corpus = sets.get(name);
    if (corpus === undefined) {
      throw new InvalidOptionError({
        option: 'set',
        value: name,
        expected: `one of ${[...sets.keys()].join(', ')}`,
      });
    }
    const { entries } = await catalogOf(name, corpus);
    const { options, requestFillers } = rankingAtPoint(point);
    const ownFillers = requestFillers !== RANKING_PARAMETERS.requestFillers;
    if (ownFillers) useRequestFillers(requestFillers);
    try {
      // The tools' terms depend on the filler words alone: analyzed once per set and list.
      const key = `${ownFillers ? requestFillers.join(' ') : ''}\u0000${name}`;
      let terms = analyzed.get(key);
      if (terms === undefined) {
        terms = analyzeToolTerms(entries);
        analyzed.set(key, terms);
      }
      const index = indexOfToolTerms(terms, rankerSettingsOf(options));
      const { answers } = await answerIntents(corpus, entries, index, 10);
      return setScoreOf(aggregateRetrievalMetrics(answers));
    } finally {
      if (ownFillers) useRequestFillers(RANKING_PARAMETERS.requestFillers);
    }
  };
}

function setScoreOf(metrics: ReturnType<typeof aggregateRetrievalMetrics>): SetScore {
  return {
    ndcg_at_10: metrics.ndcg_at_10,
    recall_at_5: metrics.recall_at_5,
    mrr: metrics.mrr,
    false_empty_rate: metrics.false_empty_rate ?? 0,
    no_match_accuracy: metrics.no_match_accuracy,
  };
}
