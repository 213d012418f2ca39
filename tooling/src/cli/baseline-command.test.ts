import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScaleBaseline } from '../eval/compute-scale-baseline.js';
import { BASELINE_USAGE } from './baseline-command.js';
import { runCliCaptured } from './run-cli-captured.case.js';

const baseline = (args: readonly string[]) => runCliCaptured(['baseline', ...args]);

let directory = '';
let corpus = '';
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'tool-disclosure-baseline-'));
  corpus = join(directory, 'tiny.json');
  await writeFile(
    corpus,
    JSON.stringify({
      tools: [
        { name: 'notes__create', description: 'Create a note with a title and a body.' },
        { name: 'notes__search', description: 'Search notes by text.' },
        { name: 'tasks__complete', description: 'Mark a task done.' },
      ],
      intents: [
        { class: 'exact_name', query: 'notes__create', relevance: { notes__create: 3 } },
        { class: 'alias', query: 'find a note', relevance: { notes__search: 2 } },
        { class: 'no_match', query: 'order a pizza', relevance: {} },
      ],
    }),
  );
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('baseline command', () => {
  it('prints the baseline JSON without --out, and the timings to stderr', async () => {
    const result = await baseline(['--corpus', corpus, '--sizes', '2,40']);
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as ScaleBaseline;
    expect(result.stdout).toBe(`${JSON.stringify(printed, null, 2)}\n`);
    expect(printed).toMatchObject({ version: 1, corpus: 'tiny', intent_count: 3 });
    expect(printed.cases.map((each) => each.tool_count)).toEqual([3, 40]);
    expect(result.stdout).not.toContain('timing');
    expect(result.stderr).toMatch(/^timings \(ms; printed, never committed\):\n/);
    expect(result.stderr).toMatch(/\n {2}tools +build +query p50 +query p99\n {2}3 /);
    expect(result.stderr).toMatch(/\n {2}40 +[\d.]+ +[\d.]+ +[\d.]+\n$/);
  });

  it('writes the JSON to --out and prints a readable summary with the timings', async () => {
    const out = join(directory, 'scale-baseline.json');
    const result = await baseline(['--corpus', corpus, '--sizes', '10', '--out', out]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const written = await readFile(out, 'utf8');
    const parsed = JSON.parse(written) as ScaleBaseline;
    expect(written).toBe(`${JSON.stringify(parsed, null, 2)}\n`);
    expect(parsed.cases.map((each) => each.tool_count)).toEqual([10]);
    expect(result.stdout).toMatch(
      /^scale baseline of tiny \(3 intents, distractor generator v1, seed 7405\)\n/,
    );
    expect(result.stdout).toMatch(
      /\ntools +R@1 +R@5 +R@10 +MRR +NDCG@10 +no-match +build ms +p50 ms +p99 ms\n10 /,
    );
    expect(result.stdout).toContain(`wrote ${out}`);

    const again = await baseline(['--corpus', corpus, '--sizes', '10', '--out', out, '--json']);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(written);
    expect(await readFile(out, 'utf8')).toBe(written);
    expect(again.stderr).toContain('timings');
  });

  it('prints its usage with --help', async () => {
    expect(await baseline(['--help'])).toEqual({
      code: 0,
      stdout: `${BASELINE_USAGE}\n`,
      stderr: '',
    });
  });

  it.each([
    ['a missing --corpus', () => ['--sizes', '10'], '--corpus FILE is required'],
    [
      'a zero size',
      () => ['--corpus', corpus, '--sizes', '100,0'],
      '--sizes must be an integer of at least 1, got "0"',
    ],
    [
      'an empty size',
      () => ['--corpus', corpus, '--sizes', '100,'],
      '--sizes must be an integer of at least 1, got ""',
    ],
    [
      'a missing corpus file',
      () => ['--corpus', 'nowhere.json'],
      'cannot use corpus file nowhere.json: no such file',
    ],
  ])('rejects %s with a one-line message', async (_, args, message) => {
    const result = await baseline(args());
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toBe(`tool-disclosure: ${message}`);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });
});
