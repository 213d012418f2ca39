import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Ranker } from 'tool-disclosure/search';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvalCorpus } from '../src/eval/eval-corpus.js';
import { evaluateRanker, type RetrievalReport } from '../src/eval/evaluate-ranker.js';
import { loadEvalCorpus } from '../src/eval/load-eval-corpus.js';
import {
  checkBaselineLead,
  checkRetrievalGates,
  JUDGED_CORPUS_LEAD_METRICS,
  MCP_SERVERS_GATES,
} from '../src/eval/retrieval-gates.js';
import { RANKERS } from '../src/search/rankers.js';

// Requests as people write them to a chat over the tools real MCP servers publish
// (corpus/mcp-servers.json, built by scripts/list-mcp-servers.mjs): the project's own data,
// so these gates hold without ../shared.
const CORPUS = fileURLToPath(new URL('../corpus/mcp-servers.json', import.meta.url));
const BASELINES = ['legacy', 'keyword', 'bm25'];

interface ServerRow {
  namespace: string;
  status: string;
  tool_count?: number;
  left_out?: string;
}

let corpus: EvalCorpus;
let servers: ServerRow[];
const reports = new Map<string, RetrievalReport>();
beforeAll(async () => {
  corpus = await loadEvalCorpus(CORPUS, undefined, { strict: true });
  servers = (JSON.parse(await readFile(CORPUS, 'utf8')) as { servers: ServerRow[] }).servers;
  for (const name of ['default', ...BASELINES]) {
    const ranker = (RANKERS[name] as () => Ranker)();
    reports.set(name, await evaluateRanker({ corpus, ranker }));
  }
});

function reportOf(name: string): RetrievalReport {
  const report = reports.get(name);
  if (report === undefined) throw new Error(`no report of the ${name} ranker`);
  return report;
}

describe('the judged set over real MCP servers (corpus/mcp-servers.json)', () => {
  it('judges at least 150 requests over the tools of at least 4 servers that listed them', () => {
    expect(corpus.intents.length).toBeGreaterThanOrEqual(150);
    const inCatalog = servers.filter((row) => row.status === 'listed' && !row.left_out);
    expect(inCatalog.length).toBeGreaterThanOrEqual(4);
    // The catalog is exactly the listed servers' tools, in their namespaces.
    expect(corpus.tools.length).toBe(
      inCatalog.reduce((sum, row) => sum + (row.tool_count ?? 0), 0),
    );
    expect(new Set(corpus.tools.map((tool) => tool.namespace))).toEqual(
      new Set(inCatalog.map((row) => row.namespace)),
    );
    for (const namespace of ['filesystem', 'memory', 'github', 'slack']) {
      expect(inCatalog.map((row) => row.namespace)).toContain(namespace);
    }
  });

  it('has at least 10% requests no tool answers, and judges every other one', () => {
    const noMatch = corpus.intents.filter((intent) => intent.class === 'no_match');
    expect(noMatch.length / corpus.intents.length).toBeGreaterThanOrEqual(0.1);
    for (const intent of corpus.intents) {
      expect(Object.keys(intent.relevance).length === 0).toBe(intent.class === 'no_match');
    }
    expect(new Set(corpus.intents.map((intent) => intent.query)).size).toBe(corpus.intents.length);
  });

  it("holds issue 31's four requests, judged on the tools a person would accept", () => {
    const relevanceOf = (query: string) =>
      corpus.intents.find((intent) => intent.query === query)?.relevance;
    expect(relevanceOf('read the contents of notes.txt')).toMatchObject({
      filesystem__read_text_file: 3,
      filesystem__read_file: 2,
    });
    expect(relevanceOf('find all markdown files in the project')).toMatchObject({
      filesystem__search_files: 3,
    });
    expect(relevanceOf('remember that Ada prefers email')).toEqual({
      memory__add_observations: 3,
      memory__create_entities: 3,
    });
    expect(relevanceOf('what do you know about Ada')).toEqual({
      memory__search_nodes: 3,
      memory__open_nodes: 3,
      memory__read_graph: 2,
    });
  });

  it('the default ranker meets its gates', () => {
    expect(checkRetrievalGates(reportOf('default'), MCP_SERVERS_GATES)).toEqual([]);
  });

  it('the default ranker beats every baseline on R@5 and NDCG@10', () => {
    expect(
      checkBaselineLead(reportOf('default'), BASELINES.map(reportOf), JUDGED_CORPUS_LEAD_METRICS),
    ).toEqual([]);
  });
});
