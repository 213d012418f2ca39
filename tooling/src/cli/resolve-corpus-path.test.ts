import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledCorpusHint, resolveCorpusPath } from './resolve-corpus-path.js';
import { runCliCaptured } from './run-cli-captured.case.js';

const CORPUS = fileURLToPath(new URL('../../corpus/judged-corpus.json', import.meta.url));
const corpusTools = (JSON.parse(readFileSync(CORPUS, 'utf8')) as { tools: unknown[] }).tools;

describe('resolveCorpusPath', () => {
  it('resolves a bundled corpus by name to the package folder, and any other value as given', () => {
    expect(resolveCorpusPath('judged-corpus')).toBe(CORPUS);
    for (const path of ['judged-corpus.json', 'corpus/judged-corpus.json', 'tools.json', 'x']) {
      expect(resolveCorpusPath(path)).toBe(path);
    }
  });

  it('hints at the name only for a path that looks like a bundled corpus', () => {
    expect(bundledCorpusHint('corpus/judged-corpus.json')).toBe(
      'the bundled corpus is named without a path: judged-corpus',
    );
    expect(bundledCorpusHint('tools.json')).toBeUndefined();
  });
});

describe('--catalog and --corpus by name, from a directory outside the package', () => {
  let outside: string;
  let previous: string;
  beforeAll(async () => {
    outside = await mkdtemp(join(tmpdir(), 'tool-disclosure-by-name-'));
    previous = process.cwd();
    process.chdir(outside);
  });
  afterAll(async () => {
    process.chdir(previous);
    await rm(outside, { recursive: true, force: true });
  });

  it('inspect --catalog judged-corpus reads the bundled corpus', async () => {
    const byName = await runCliCaptured(['inspect', '--catalog', 'judged-corpus', '--json']);
    const byPath = await runCliCaptured(['inspect', '--catalog', CORPUS, '--json']);
    expect(byName.stderr).toBe('');
    expect(byName.code).toBe(0);
    expect(byName.stdout).toBe(byPath.stdout);
  });

  it('search --catalog judged-corpus finds in the bundled corpus', async () => {
    const result = await runCliCaptured([
      'search',
      '--catalog',
      'judged-corpus',
      '--json',
      'create a calendar event',
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).results.length).toBeGreaterThan(0);
  });

  it('eval --corpus mcp-servers evaluates the bundled MCP servers corpus', async () => {
    const path = fileURLToPath(new URL('../../corpus/mcp-servers.json', import.meta.url));
    const { tools, intents } = JSON.parse(readFileSync(path, 'utf8')) as {
      tools: unknown[];
      intents: unknown[];
    };
    const result = await runCliCaptured(['eval', '--corpus', 'mcp-servers', '--strict', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      tool_count: tools.length,
      query_count: intents.length,
    });
  });

  it('eval --corpus judged-corpus evaluates the bundled corpus', async () => {
    const result = await runCliCaptured(['eval', '--corpus', 'judged-corpus', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ tool_count: corpusTools.length });
  });

  it('a path to the corpus that exists only in a clone says how to name it, and exits 2', async () => {
    const result = await runCliCaptured(['inspect', '--catalog', 'corpus/judged-corpus.json']);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'tool-disclosure: cannot read catalog file corpus/judged-corpus.json: no such file (the bundled corpus is named without a path: judged-corpus)\n',
    });
    const evaluation = await runCliCaptured(['eval', '--corpus', 'corpus/judged-corpus.json']);
    expect(evaluation.code).toBe(2);
    expect(evaluation.stderr).toContain('named without a path: judged-corpus');
  });
});
