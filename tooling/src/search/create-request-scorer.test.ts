import { fileURLToPath } from 'node:url';
import { createCatalog } from 'tool-disclosure/catalog';
import { createOramaRanker } from 'tool-disclosure/search';
import { describe, expect, it } from 'vitest';
import { loadEvalCorpus } from '../eval/load-eval-corpus.js';

describe("a request's length in the words the catalog knows", () => {
  it('reads a request whose other words no tool uses as naming a capability', async () => {
    const corpus = await loadEvalCorpus(
      fileURLToPath(new URL('../../corpus/mcp-servers.json', import.meta.url)),
    );
    const { entries } = await createCatalog({
      definitions: corpus.tools,
      namespaces: Object.fromEntries(
        Object.entries(corpus.namespaces).map(([name, description]) => [name, { description }]),
      ),
    });
    const top = async (lengthOfKnownWords: boolean) => {
      const index = await createOramaRanker({ parameters: { lengthOfKnownWords } }).createIndex(
        entries,
      );
      const results = await index.search('who commented on the review of pr 19?', 3);
      return results.map(({ entry }) => entry.wireName);
    };
    // "19" is a value: the request names a capability, whose tool's name counts in full.
    expect((await top(true))[0]).toBe('github__get_pull_request_comments');
    expect((await top(false))[0]).toBe('github__create_pull_request_review');
  });
});
