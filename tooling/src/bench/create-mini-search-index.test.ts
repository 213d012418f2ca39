import { fileURLToPath } from 'node:url';
import { createCatalog } from 'tool-disclosure/catalog';
import { describe, expect, it } from 'vitest';
import { loadEvalCorpus } from '../eval/load-eval-corpus.js';
import { createBenchTools } from './create-bench-tools.js';
import { createMiniSearchIndex } from './create-mini-search-index.js';

const corpusFile = fileURLToPath(new URL('../../corpus/judged-corpus.json', import.meta.url));

async function entriesOf(definitions: Parameters<typeof createBenchTools>[0]) {
  return (await createCatalog({ tools: createBenchTools(definitions) })).entries;
}

describe('createMiniSearchIndex', () => {
  it('finds a tool by the words of its name and description, at most limit of them', async () => {
    const corpus = await loadEvalCorpus(corpusFile);
    const index = createMiniSearchIndex(await entriesOf(corpus.tools));
    const results = await index.search('current time in a time zone', 3);
    expect(results).toHaveLength(3);
    expect(results[0]?.entry.key).toBe('builtin__current_time');
    expect(results[0]?.score).toBeGreaterThanOrEqual(results[1]?.score as number);
  });

  it('splits camelCase and snake_case names, drops stop words, and matches long words as prefixes', async () => {
    const index = createMiniSearchIndex(
      await entriesOf([
        { name: 'createIssue', description: 'Opens a ticket.' },
        { name: 'send_emails', description: 'Delivers messages.' },
      ]),
    );
    expect((await index.search('issue', 10)).map((result) => result.entry.key)).toEqual([
      'createIssue',
    ]);
    expect((await index.search('email', 10)).map((result) => result.entry.key)).toEqual([
      'send_emails',
    ]);
    expect(await index.search('the of and', 10)).toEqual([]);
  });
});
