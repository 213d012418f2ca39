import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../src/cli/run-cli-captured.case.js';

const corpus = new URL(
  '../../../shared/benchmarks/ironclaw/tool_search_relevance.json',
  import.meta.url,
).pathname;

async function inspect(...args: string[]) {
  const { code, stdout, stderr } = await runCliCaptured([
    'inspect',
    '--catalog',
    corpus,
    '--json',
    ...args,
  ]);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return { stdout, report: JSON.parse(stdout) };
}

// The IronClaw corpus is public benchmark data read from ../shared; it is not part of this repository.
describe.runIf(existsSync(corpus))('inspect on IronClaw (needs ../shared/benchmarks)', () => {
  it('defers 1,000 tools behind a header of at most 4,096 bytes and at most 1,500 tokens', async () => {
    const { report } = await inspect('--distractors', '1000');
    expect(report.mode).toBe('namespaces');
    expect(report.deferred).toBe(true);
    expect(report.catalog_tools).toBe(1000);
    expect(report.advertised).toEqual(['tool_search', 'tool_describe', 'tool_call']);
    expect(report.bytes.tool_search_description).toBe(
      Buffer.byteLength(report.tool_search_description),
    );
    expect(report.bytes.tool_search_description).toBeLessThanOrEqual(4096);
    expect(report.tool_search_description).toMatch(
      /\n…and \d+ more — use tool_search\(query="<service or action>"\)\.$/,
    );
    expect(report.tokens.advertised).toBeLessThanOrEqual(1500);
  });

  it('shows nothing outside github with --allow github.*', async () => {
    const { stdout, report } = await inspect('--distractors', '1000', '--allow', 'github.*');
    expect(report.authorized_tools).toBe(5);
    for (const word of [
      'slack',
      'gmail',
      'google',
      'notion',
      'jira',
      'linear',
      'stripe',
      'asset_hub',
      'builtin',
      'extension',
    ]) {
      expect(stdout).not.toContain(word);
    }
  });

  it('is flat with exactly the five authorized tools advertised', async () => {
    const { report } = await inspect('--distractors', '1000', '--allow', 'github.*');
    expect(report.deferred).toBe(false);
    expect(report.advertised).toEqual([
      'github__list_issues',
      'github__create_issue',
      'github__get_pull_request',
      'github__create_or_update_file',
      'github__add_issue_assignees',
    ]);
    expect(report.tool_search_description).toBeNull();
  });

  it('prints identical bytes on two runs', async () => {
    const first = await inspect('--distractors', '1000');
    const second = await inspect('--distractors', '1000');
    expect(second.stdout).toBe(first.stdout);
  });
});
