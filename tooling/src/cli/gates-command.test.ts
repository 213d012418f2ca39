import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATES_USAGE } from './gates-command.js';
import { rankerNames } from './ranker-names.js';
import {
  CROSS_VALIDATION_BEGIN,
  CROSS_VALIDATION_END,
  replaceCrossValidationSection,
} from './render-cross-validation.js';
import { runCliCaptured } from './run-cli-captured.case.js';

const judgedCorpus = JSON.parse(
  await readFile(new URL('../../corpus/judged-corpus.json', import.meta.url), 'utf8'),
) as { tools: unknown[] };
const mcpServers = JSON.parse(
  await readFile(new URL('../../corpus/mcp-servers.json', import.meta.url), 'utf8'),
) as { tools: unknown[] };

const gates = (args: readonly string[]) => runCliCaptured(['gates', ...args]);

async function writeJson(path: string, content: unknown) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(content));
}

const unified = {
  tools: [
    { id: 't1', name: 'Weather / Forecast', description: 'Get the weather forecast for a city.' },
    { id: 't2', name: 'Currency / Convert', description: 'Convert an amount between currencies.' },
  ],
  // No ranker finds anything for these words, so every metric is 0 for every ranker.
  queries: [{ id: 'q1', query: 'qwzx vbnm', relevant: { t1: 1 } }],
};

const UNIFIED_SETS = [
  'toollens/toollens_test.json',
  'toolret_subsets/apigen.json',
  'toolret_subsets/apibank.json',
  'toolret_subsets/gorilla_huggingface.json',
  'toolret_subsets/toolink.json',
  'metatool_toole/toole_single.json',
  'metatool_toole/toole_multi.json',
];

/** The rows of the table, in order: data set and ranker; the padded sets run the default ranker only. */
const ROWS = [
  'IronClaw',
  'IronClaw, 1,000 tools',
  'IronClaw, 10,000 tools',
  'ToolLens test',
  'ToolRet APIGen',
  'ToolRet API-Bank',
  'ToolRet Gorilla HF',
  'ToolRet ToolLink',
  'MetaTool ToolE single',
  'MetaTool ToolE multi',
  'Own judged corpus',
  'Own paraphrases',
  'MCP servers',
].flatMap((label) =>
  (label.includes('tools') ? ['default'] : rankerNames()).map((ranker) => [label, ranker]),
);
const rankerCount = rankerNames().length;

let directory = '';
let shared = '';
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'tool-disclosure-gates-'));
  shared = join(directory, 'shared');
  await writeJson(join(shared, 'benchmarks/ironclaw/tool_search_relevance.json'), {
    tools: [
      { name: 'notes__create', description: 'Create a note.' },
      { name: 'notes__search', description: 'Search notes by text.' },
    ],
    intents: [
      { class: 'exact_name', query: 'notes__create', relevance: { notes__create: 3 } },
      { class: 'no_match', query: 'qwzx vbnm', relevance: {} },
    ],
  });
  for (const file of UNIFIED_SETS) {
    await writeJson(join(shared, 'benchmarks', file), {
      ...unified,
      // An invalid row, as in ToolRet's toolink.json: skipped with a warning.
      tools: file.endsWith('toolink.json')
        ? [...unified.tools, { id: 't3', name: '' }]
        : unified.tools,
    });
  }
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('gates command', () => {
  it('tables every ranker on every data set, lists the missed gates and exits 1', async () => {
    const docs = join(directory, 'retrieval.md');
    const result = await gates(['--shared', shared, '--docs', docs]);
    expect(result.code).toBe(1);

    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^\| data set +\| ranker +\| +tools \| queries \| +R@1 \| +R@5 \| +R@10 \| +MRR \| NDCG@5 \| NDCG@10 \| no-match \| false-empty \| FE rate \| near-miss no-match \| +build ms +\| +p50 ms +\| +p99 ms +\|$/,
    );
    expect(lines[1]).toMatch(/^\| -+ \| -+ \| -+: \|/);
    const rows = lines
      .slice(2, 2 + ROWS.length)
      .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(rows.map((cells) => [cells[1], cells[2]])).toEqual(ROWS);
    expect(rows.map((cells) => cells[3])).toEqual([
      ...Array(rankerCount).fill('2'),
      ...['1000', '10000'],
      ...Array(7 * rankerCount).fill('2'),
      ...Array(2 * rankerCount).fill(String(judgedCorpus.tools.length)),
      ...Array(rankerCount).fill(String(mcpServers.tools.length)),
    ]);
    // false-empty, FE rate and near-miss no-match: the unified sets' one query gets no result.
    expect(rows[rankerCount + 2]?.slice(12, 15)).toEqual(['1', '1.0000', '1.0000']);
    // IronClaw's near-miss variant: notes__create leaves, and its query should get no match.
    expect(rows[0]?.slice(12, 15)).toEqual(['0', '0.0000', expect.stringMatching(/^[01]\.\d{4}$/)]);
    expect(lines[2 + ROWS.length]).toBe('');

    expect(result.stdout).toContain('\nIronClaw by intent class (R@5 / NDCG@10):\n');
    expect(result.stdout).toContain('\n- ToolLens test (default): recall_at_5 0.0000 < 0.33\n');
    expect(result.stdout).toContain('\n- ToolLens test (default): ndcg_at_5 0.0000 < 0.31\n');
    expect(result.stdout).toContain(
      '\n- ToolLens test: default recall_at_5 0.0000 <= legacy 0.0000\n',
    );
    expect(result.stdout).toContain('\n- ToolRet APIGen (default): ndcg_at_10 0.0000 < 0.82\n');
    // The lead is over the baselines only, not over another candidate such as hybrid.
    expect(result.stdout).toContain(
      '\n- ToolLens test: default recall_at_5 0.0000 <= bm25 0.0000\n',
    );
    for (const other of rankerNames().slice(4)) expect(result.stdout).not.toContain(`<= ${other} `);
    expect(result.stdout).toMatch(/\n\d+ gates missed:\n\n- /);
    expect(result.stdout).toContain('\nNear-miss variants (seed 13):\n');
    expect(result.stderr).toContain(
      'evaluated ToolRet APIGen and its near-miss variant with bm25 in ',
    );
    expect(result.stderr).toContain(
      'tool-disclosure gates: warning: skipped 1 invalid tool row and 0 invalid query rows of toolink (--strict refuses them): tools[2] needs a non-empty string "name"\n',
    );
    expect(result.stderr).toMatch(/\ngates ran in \d+\.\d s\n$/);

    const written = await readFile(docs, 'utf8');
    expect(written).toMatch(/^# Retrieval quality\n/);
    expect(written).toContain('gates --shared DIR --docs docs/retrieval.md');
    expect(written).toContain(
      '- ToolLens test: R@5 ≥ 0.33, NDCG@5 ≥ 0.31, above every baseline on R@5, NDCG@5, NDCG@10.',
    );
    expect(written).toContain(
      '- IronClaw: R@1 ≥ 0.8, R@5 ≥ 0.97, R@10 ≥ 0.98, MRR ≥ 0.95, NDCG@10 ≥ 0.97, no-match = 1, every class but no_match R@5 ≥ 0.9 and NDCG@10 ≥ 0.85, above every baseline on NDCG@10.',
    );
    expect(written).toContain('- ToolRet ToolLink: reported only, no gate.');
    expect(written).toContain(
      '- MCP servers: R@5 ≥ 0.56, MRR ≥ 0.57, NDCG@10 ≥ 0.55, no-match ≥ 0.15, every class but no_match R@5 ≥ 0.28 and NDCG@10 ≥ 0.35, above every baseline on R@5, NDCG@10, FE rate ≤ 0.011.',
    );
    expect(result.stdout).not.toContain('- MCP servers');
    // The MCP servers set's section: its figures, its classes and every server tried.
    const section = written.split('\n## MCP servers\n')[1]?.split('\n## ')[0] ?? '';
    expect(section).toMatch(/On it `default` has NDCG@10 0\.\d{3}, R@5 0\.\d{3}, MRR 0\.\d{3}/);
    expect(section).toContain('MCP servers by intent class (R@5 / NDCG@10):');
    expect(section).toMatch(
      /\n\| filesystem +\| @modelcontextprotocol\/server-filesystem@[\d.]+ +\| listed +\| +\d+ \|\n/,
    );
    expect(section).toMatch(/\n\| gitlab +\| [^|]+\| failed at list: [^\n]+\| +- \|\n/);
    expect(written).toContain('## Near-miss variants\n');
    expect(written).toMatch(
      /\n\| ironclaw\/tool_search_relevance\.json +\| +2 \| +2 \| +0 \| +1 \| +1 \| +0 \| +1 \|\n/,
    );
    expect(written).toContain(
      '\n- `toolret_subsets/toolink.json`: skipped 1 invalid tool row and 0 invalid query rows of toolink (--strict refuses them): tools[2] needs a non-empty string "name".\n',
    );
    expect(written.endsWith('\n')).toBe(true);
    const [quality, timings] = written.split('\n## Timings\n');
    expect(quality).not.toMatch(/build ms|p50/);
    expect(timings).toMatch(
      /\| data set +\| ranker +\| +tools \| +build ms +\| +p50 ms +\| +p99 ms +\|/,
    );

    // Reruns write the same page, apart from the timings.
    await gates(['--shared', shared, '--docs', docs]);
    expect((await readFile(docs, 'utf8')).split('\n## Timings\n')[0]).toBe(quality);

    // The section eval --cross-validate --docs writes is kept, before the timings.
    const crossValidation = `${CROSS_VALIDATION_BEGIN}\n\n## Cross-validation\n\nKept as it was.\n\n${CROSS_VALIDATION_END}`;
    await writeFile(docs, replaceCrossValidationSection(written, `${crossValidation}\n`));
    await gates(['--shared', shared, '--docs', docs]);
    const kept = await readFile(docs, 'utf8');
    expect(kept).toContain(`\n${crossValidation}\n\n## Timings\n`);
    expect(kept.split(`${crossValidation}\n\n`)[0]).toBe(`${quality?.trimEnd()}\n\n`);
  });

  it('checks nothing and succeeds when DIR/benchmarks does not exist', async () => {
    expect(await gates(['--shared', join(directory, 'nowhere')])).toEqual({
      code: 0,
      stdout: '',
      stderr: `tool-disclosure gates: no ${join(directory, 'nowhere', 'benchmarks')} directory; no gates checked\n`,
    });
  });

  it('fails with a one-line message when a benchmark file is missing', async () => {
    const partial = join(directory, 'partial');
    await mkdir(join(partial, 'benchmarks'), { recursive: true });
    const result = await gates(['--shared', partial]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `tool-disclosure: cannot use corpus file ${join(partial, 'benchmarks', 'ironclaw/tool_search_relevance.json')}: no such file\n`,
    );
  });

  it('requires --shared and prints its usage with --help', async () => {
    const result = await gates([]);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe('tool-disclosure: --shared DIR is required');
    expect(await gates(['--help'])).toEqual({ code: 0, stdout: `${GATES_USAGE}\n`, stderr: '' });
  });
});
