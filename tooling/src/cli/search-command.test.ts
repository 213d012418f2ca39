import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolSearchResponse } from 'tool-disclosure/bridge';
import {
  runToolSearch,
  searchableEntries,
  TOOL_SEARCH_WEAK_RESULTS_MESSAGE,
} from 'tool-disclosure/bridge';
import { createCatalog } from 'tool-disclosure/catalog';
import { createDisclosure } from 'tool-disclosure/disclosure';
import type { Ranker } from 'tool-disclosure/search';
import { getSearchIndex } from 'tool-disclosure/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANKERS } from '../search/rankers.js';
import { CliUsageError } from './cli-usage-error.js';
import { loadCatalogFile } from './load-catalog-file.js';
import { rankerNames } from './ranker-names.js';
import { SEARCH_USAGE, searchCommand } from './search-command.js';

const CORPUS = fileURLToPath(new URL('../../corpus/judged-corpus.json', import.meta.url));

async function search(args: readonly string[], environment: Record<string, string> = {}) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await searchCommand(args, {
    stdout: (text) => stdout.push(text),
    stderr: (text) => stderr.push(text),
    environment,
  });
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

async function searchJson(args: readonly string[], environment: Record<string, string> = {}) {
  const result = await search([...args, '--json'], environment);
  expect(result).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(result.stdout) as ToolSearchResponse;
}

async function usageError(args: readonly string[]): Promise<CliUsageError> {
  const error = await search(args).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(CliUsageError.isInstance(error)).toBe(true);
  return error as CliUsageError;
}

const names = (response: ToolSearchResponse) => response.results.map((result) => result.name);

let directory = '';
let notesCatalog = '';
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'tool-disclosure-search-'));
  notesCatalog = join(directory, 'notes.json');
  await writeFile(
    notesCatalog,
    JSON.stringify({
      namespaces: { notes: 'Personal notes.' },
      tools: [
        {
          name: 'notes__create',
          description: 'Create a note.\nNotes are private.',
          parameters: {
            type: 'object',
            properties: { title: { type: 'string' }, body: { type: 'string' } },
            required: ['title', 'body'],
          },
        },
        { name: 'tasks__complete', description: 'Mark a task done.' },
      ],
    }),
  );
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('search command: --json', () => {
  it('prints exactly the tool_search response the model would receive', async () => {
    const result = await search(['--catalog', CORPUS, '--json', 'send an email']);
    expect(result).toMatchObject({ code: 0, stderr: '' });

    const file = await loadCatalogFile(CORPUS);
    const catalog = await createCatalog({ definitions: file.tools, namespaces: file.namespaces });
    const disclosure = createDisclosure({ catalog, environment: {} });
    const ranker = (RANKERS.default as () => Ranker)();
    const index = await getSearchIndex(
      disclosure.authorized,
      ranker,
      searchableEntries(disclosure),
    );
    const response = await runToolSearch({ disclosure, index, query: 'send an email' });
    expect(result.stdout).toBe(`${JSON.stringify(response)}\n`);
  });

  it('finds gmail__send_message among the first three results for "send an email"', async () => {
    const response = await searchJson(['--catalog', CORPUS, 'send an email']);
    expect(response.query).toBe('send an email');
    expect(names(response).slice(0, 3)).toContain('gmail__send_message');
    expect(response.results.length).toBeLessThanOrEqual(10);
  });

  it('joins the positional arguments into one query', async () => {
    const joined = await search(['--catalog', CORPUS, '--json', 'send', 'an', 'email']);
    const quoted = await search(['--catalog', CORPUS, '--json', 'send an email']);
    expect(joined.stdout).toBe(quoted.stdout);
  });

  it('applies --limit, clamped to 50', async () => {
    expect((await searchJson(['--catalog', CORPUS, '--limit', '2', 'issue'])).results).toHaveLength(
      2,
    );
    const all = await searchJson(['--catalog', CORPUS, '--limit', '500', 'create']);
    expect(all.results.length).toBeLessThanOrEqual(50);
  });

  it('never shows denied tools; repeated --deny flags add up', async () => {
    const response = await searchJson([
      '--catalog',
      CORPUS,
      '--deny',
      'gmail.*',
      '--deny',
      'slack.*,microsoft-teams.*',
      'gmail__send_message',
    ]);
    const json = JSON.stringify(response.results);
    expect(json).not.toMatch(/gmail|slack__|microsoft-teams__/i);
  });

  it('restricts the search to --allow', async () => {
    const response = await searchJson(['--catalog', CORPUS, '--allow', 'github.*', 'create issue']);
    expect(response.results.length).toBeGreaterThan(0);
    expect(names(response).every((name) => name.startsWith('github__'))).toBe(true);
  });

  it('returns no schemas in compact mode, from --mode or TOOL_DISCLOSURE', async () => {
    for (const response of [
      await searchJson(['--catalog', CORPUS, '--mode', 'compact', 'send an email']),
      await searchJson(['--catalog', CORPUS, 'send an email'], { TOOL_DISCLOSURE: 'compact' }),
    ]) {
      expect(response.results.length).toBeGreaterThan(0);
      expect(response.results.every((result) => !result.schema_complete)).toBe(true);
      expect(JSON.stringify(response)).not.toContain('"parameters"');
    }
  });

  it('searches every authorized tool of a flat surface', async () => {
    const response = await searchJson([
      '--catalog',
      notesCatalog,
      '--mode',
      'off',
      'notes__create',
    ]);
    expect(names(response)[0]).toBe('notes__create');
    expect(response.results[0]?.schema_complete).toBe(true);
  });
});

describe('search command: readable output', () => {
  it('prints a numbered list with id, description, required parameters and completeness', async () => {
    const result = await search(['--catalog', notesCatalog, '--deny', 'tasks.*', 'notes__create']);
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout: `query: "notes__create" (1 result)

1. notes__create (notes.create)
   Create a note.
   Notes are private.
   required: body, title
   schema complete: yes
`,
    });
  });

  it('says when a schema is not included', async () => {
    const result = await search([
      '--catalog',
      notesCatalog,
      '--allow',
      'tasks.*',
      '--mode',
      'compact',
      'tasks.complete',
    ]);
    expect(result.stdout).toBe(`query: "tasks.complete" (1 result)

1. tasks__complete (tasks.complete)
   Mark a task done.
   required: (none)
   schema complete: no
`);
  });

  it('prints the no-results message', async () => {
    const result = await search(['--catalog', notesCatalog, 'zorblax quux']);
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout:
        'query: "zorblax quux" (0 results)\n' +
        'No authorized tool matches this query. Try other words (a service name or an action); if nothing matches, tell the user that no available tool can do this.\n',
    });
  });
});

describe('search command: --ranker', () => {
  it('marks weak matches, and answers a request no tool shares a word with by word vectors, as the vectors ranker does', async () => {
    const query = 'photograph the screen';
    const bridged = await search(['--catalog', CORPUS, query]);
    expect(bridged.code).toBe(0);
    expect(bridged.stdout).toMatch(/^1\. \S+ \(\S+\) \[weak match\]$/m);
    expect(bridged.stdout).toContain(TOOL_SEARCH_WEAK_RESULTS_MESSAGE);
    expect((await search(['--catalog', CORPUS, '--ranker', 'vectors', query])).stdout).toBe(
      bridged.stdout,
    );
    const json = await searchJson(['--catalog', CORPUS, '--ranker', 'vectors', query]);
    expect(json.results.length).toBeGreaterThan(0);
    expect(json.results.every((result) => result.match === 'weak')).toBe(true);
    expect((await usageError(['--catalog', CORPUS, '--ranker', 'dense', 'x'])).message).toBe(
      `--ranker must be one of ${rankerNames().join(', ')}, got "dense"`,
    );
  });
});

describe('search command: errors', () => {
  it('prints a too long query as one line on stderr and returns 1, without a stack trace', async () => {
    for (const json of [[], ['--json']]) {
      const result = await search(['--catalog', CORPUS, ...json, '€'.repeat(342)]);
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr:
          'tool-disclosure: The query is 1026 bytes long (UTF-8); tool_search accepts at most 1024 bytes. ' +
          'Shorten the query to a few words: a service name, an action, or an exact tool name.\n',
      });
    }
  });

  it('accepts a query of exactly 1,024 bytes', async () => {
    const result = await search(['--catalog', CORPUS, '--json', `${'€'.repeat(341)}a`]);
    expect(result.code).toBe(0);
  });

  it('reports a missing QUERY as a usage error', async () => {
    for (const args of [
      ['--catalog', CORPUS],
      ['--catalog', CORPUS, '   '],
    ]) {
      const error = await usageError(args);
      expect(error.message).toBe(`QUERY is required\n\n${SEARCH_USAGE}`);
    }
  });

  it('reports other bad command lines as usage errors with a clear message', async () => {
    expect((await usageError(['send email'])).message).toMatch(/^--catalog FILE is required/);
    expect((await usageError(['--catalog', CORPUS, '--mode', 'loud', 'x'])).message).toBe(
      '--mode must be one of off, compact, signatures, namespaces, bridged, got "loud"',
    );
    expect((await usageError(['--catalog', CORPUS, '--limit', '0', 'x'])).message).toBe(
      '--limit must be an integer of at least 1, got "0"',
    );
    expect((await usageError(['--catalog', CORPUS, '--deny', 'a.*,', 'x'])).message).toMatch(
      /^--deny has an empty glob/,
    );
    expect((await usageError(['--catalog', CORPUS, '--allow', 'github.[a', 'x'])).message).toMatch(
      /^Invalid glob "github\.\[a" in --allow: /,
    );
    expect((await usageError(['--catalog', CORPUS, '--unknown', 'x'])).message).toMatch(
      /Unknown option '--unknown'/,
    );
    const missing = await usageError(['--catalog', join(directory, 'missing.json'), 'x']);
    expect(missing.message).toBe(
      `cannot read catalog file ${join(directory, 'missing.json')}: no such file`,
    );
    for (const error of [missing, await usageError(['x'])]) {
      expect(error.message).not.toMatch(/\n\s+at /);
    }
  });

  it('prints the usage with --help', async () => {
    expect(await search(['--help'])).toEqual({ code: 0, stdout: `${SEARCH_USAGE}\n`, stderr: '' });
  });
});
