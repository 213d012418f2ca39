import { describe, expect, it } from 'vitest';
import { evaluateRanker } from '../eval/evaluate-ranker.js';
import { parseEvalCorpus } from '../eval/load-eval-corpus.js';
import { RANKERS } from '../search/rankers.js';
import type { GateDataSet } from './gate-data-sets.js';
import type { GatesRow } from './render-gates-table.js';
import { type McpServerRow, renderMcpServersSection } from './render-mcp-servers-section.js';

const dataSet: GateDataSet = {
  label: 'MCP servers',
  file: 'mcp-servers',
  bundled: true,
  allRankers: true,
  gates: {},
  lead: [],
};

const corpus = parseEvalCorpus(
  {
    tools: [
      { name: 'memory__search_nodes', namespace: 'memory', description: 'Search for nodes.' },
      { name: 'memory__read_graph', namespace: 'memory', description: 'Read the graph.' },
    ],
    intents: [
      { class: 'natural', query: 'search nodes', relevance: { memory__search_nodes: 3 } },
      { class: 'no_match', query: 'order a pizza', relevance: {} },
    ],
  },
  'mcp-servers',
);

const servers: McpServerRow[] = [
  {
    namespace: 'memory',
    package: '@modelcontextprotocol/server-memory',
    version: '1.0.0',
    status: 'listed',
    tool_count: 2,
  },
  {
    namespace: 'basic-react',
    package: '@modelcontextprotocol/server-basic-react',
    version: '2.0.3',
    status: 'listed',
    tool_count: 1,
    left_out: 'the same tool | again',
  },
  {
    namespace: 'gitlab',
    package: '@modelcontextprotocol/server-gitlab',
    version: '3.0.0',
    status: 'failed',
    stage: 'list',
    reason: 'refused\nby the client',
  },
];

async function rowsOf(rankers: readonly string[]): Promise<GatesRow[]> {
  return await Promise.all(
    rankers.map(async (name) => {
      const report = await evaluateRanker({ corpus, ranker: RANKERS[name]?.() as never });
      return { dataSet, report, nearMiss: report };
    }),
  );
}

describe('renderMcpServersSection', () => {
  it('counts the requests and servers, gives the default and bm25 figures, the classes and every server', async () => {
    const lines = renderMcpServersSection(dataSet, servers, await rowsOf(['default', 'bm25']));
    const text = lines.join('\n');
    expect(lines[0]).toBe('## MCP servers');
    expect(text).toContain(
      'judges 2 requests,\n1 of them `no_match`, over the 2 tools of the 1 MCP',
    );
    expect(text).toContain('each of the\n3 `@modelcontextprotocol/server-*` packages');
    expect(text).toContain('tools; 2 listed.');
    expect(text).toMatch(/\nOn it `default` has NDCG@10 1\.000, R@5 1\.000, MRR 1\.000, no-match/);
    expect(text).toMatch(/\nOn it `bm25` has NDCG@10 \d\.\d{3}/);
    expect(text).toContain('MCP servers by intent class (R@5 / NDCG@10):');
    // Text in a cell keeps the table's shape.
    expect(lines.slice(-3)).toEqual([
      '| memory      | @modelcontextprotocol/server-memory@1.0.0      | listed                                   |     2 |',
      '| basic-react | @modelcontextprotocol/server-basic-react@2.0.3 | listed, left out: the same tool \\| again |     1 |',
      '| gitlab      | @modelcontextprotocol/server-gitlab@3.0.0      | failed at list: refused by the client    |     - |',
    ]);
  });

  it('is empty when the set was not run', () => {
    expect(renderMcpServersSection(dataSet, servers, [])).toEqual([]);
  });
});
