import { readFile } from 'node:fs/promises';
import type { Ranker } from 'tool-disclosure/search';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateRanker, type RetrievalReport } from '../src/eval/evaluate-ranker.js';
import { parseEvalCorpus } from '../src/eval/load-eval-corpus.js';
import { RANKERS } from '../src/search/rankers.js';

// Requests in words the tools do not use, over the judged corpus's tools (corpus/paraphrase-intents.json).
const read = async (name: string) =>
  JSON.parse(await readFile(new URL(`../corpus/${name}.json`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;

const reports = new Map<string, RetrievalReport>();
beforeAll(async () => {
  const [catalog, paraphrases] = await Promise.all([
    read('judged-corpus'),
    read('paraphrase-intents'),
  ]);
  const corpus = parseEvalCorpus(
    { ...catalog, intents: paraphrases.intents },
    'paraphrase-intents',
    { strict: true },
  );
  for (const name of ['default', 'hybrid']) {
    const ranker = (RANKERS[name] as () => Ranker)();
    reports.set(name, await evaluateRanker({ corpus, ranker }));
  }
});

describe('the own paraphrase intents', () => {
  it("judge 24 requests over the judged corpus's 112 tools, in one class", () => {
    const report = reports.get('default') as RetrievalReport;
    expect(report.query_count).toBe(24);
    expect(report.tool_count).toBe(112);
    expect(Object.keys(report.classes)).toEqual(['paraphrase']);
  });

  it('rank better with the hybrid ranker (word-vector embeddings) than with the default', () => {
    const lexical = (reports.get('default') as RetrievalReport).metrics;
    const hybrid = (reports.get('hybrid') as RetrievalReport).metrics;
    expect(hybrid.ndcg_at_10).toBeGreaterThan(lexical.ndcg_at_10);
    expect(hybrid.recall_at_5).toBeGreaterThan(lexical.recall_at_5);
  });
});
