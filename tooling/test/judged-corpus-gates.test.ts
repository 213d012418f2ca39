import { fileURLToPath } from 'node:url';
import type { Ranker } from 'tool-disclosure/search';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvalCorpus } from '../src/eval/eval-corpus.js';
import { evaluateRanker, type RetrievalReport } from '../src/eval/evaluate-ranker.js';
import { loadEvalCorpus } from '../src/eval/load-eval-corpus.js';
import {
  checkBaselineLead,
  checkRetrievalGates,
  IRONCLAW_GATES,
  JUDGED_CORPUS_LEAD_METRICS,
  OWN_CORPUS_GATES,
  PADDED_1000_GATES,
  PADDED_10000_GATES,
  type RetrievalMetricName,
} from '../src/eval/retrieval-gates.js';
import { RANKERS } from '../src/search/rankers.js';

// Our own judged corpus is held to issue 3's IronClaw gates, or stricter (src/eval/retrieval-gates.ts).
const CORPUS = fileURLToPath(new URL('../corpus/judged-corpus.json', import.meta.url));

let corpus: EvalCorpus;
const reports = new Map<string, RetrievalReport>();
beforeAll(async () => {
  corpus = await loadEvalCorpus(CORPUS);
  for (const [name, createRanker] of Object.entries(RANKERS)) {
    reports.set(name, await evaluateRanker({ corpus, ranker: (createRanker as () => Ranker)() }));
  }
});

function reportOf(name: string): RetrievalReport {
  const report = reports.get(name);
  if (report === undefined) throw new Error(`no report of the ${name} ranker`);
  return report;
}

describe('retrieval gates on corpus/judged-corpus.json', () => {
  it('are at least as strict as the IronClaw gates, metric by metric and class by class', () => {
    for (const [metric, minimum] of Object.entries(IRONCLAW_GATES.metrics ?? {})) {
      expect(OWN_CORPUS_GATES.metrics?.[metric as RetrievalMetricName]).toBeGreaterThanOrEqual(
        minimum,
      );
    }
    expect(OWN_CORPUS_GATES.classes?.recall_at_5).toBeGreaterThanOrEqual(
      IRONCLAW_GATES.classes?.recall_at_5 as number,
    );
    expect(OWN_CORPUS_GATES.classes?.ndcg_at_10).toBeGreaterThanOrEqual(
      IRONCLAW_GATES.classes?.ndcg_at_10 as number,
    );
    expect(OWN_CORPUS_GATES.classes?.except).toEqual(IRONCLAW_GATES.classes?.except);
  });

  it('the default ranker meets the aggregate and per-class gates', () => {
    expect(checkRetrievalGates(reportOf('default'), OWN_CORPUS_GATES)).toEqual([]);
  });

  it.each([
    [1000, PADDED_1000_GATES],
    [10000, PADDED_10000_GATES],
  ])(
    'the default ranker meets the gates with the catalog padded to %i tools',
    async (size, gates) => {
      const padded = await evaluateRanker({
        corpus,
        ranker: (RANKERS.default as () => Ranker)(),
        distractors: size,
      });
      expect(padded.tool_count).toBe(size);
      expect(checkRetrievalGates(padded, gates)).toEqual([]);
    },
  );

  it('the default ranker beats every baseline on R@5 and NDCG@10', () => {
    // vectors and hybrid are candidates built on the default ranker, not baselines it must beat.
    const baselines = [...reports.keys()].filter(
      (name) => !['default', 'vectors', 'hybrid'].includes(name),
    );
    expect(baselines).toEqual(['legacy', 'keyword', 'bm25']);
    expect(
      checkBaselineLead(reportOf('default'), baselines.map(reportOf), JUDGED_CORPUS_LEAD_METRICS),
    ).toEqual([]);
  });
});
