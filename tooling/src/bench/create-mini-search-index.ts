import { stopwords } from '@orama/stopwords/english';
import MiniSearch from 'minisearch';
import type { CatalogEntry } from 'tool-disclosure/catalog';
import type { RankedTool, SearchIndex } from 'tool-disclosure/search';

const stopWords = new Set(stopwords);

/** Query words this long or longer also match indexed words they begin (`email` finds `emails`). */
const prefixFrom = 4;

/**
 * MiniSearch (an independent full-text engine) over the tools' names and
 * descriptions, configured as an application would for tool search: names
 * split into words (`github__create_issue` and `createIssue` both give
 * `create`, `issue`), words lower-cased, English stop words dropped, a name
 * match boosted 2x, and query words of four letters or more matched as
 * prefixes too; no fuzzy matching. The bench compares our search speed with
 * it; its rankings are MiniSearch's own.
 *
 * @example
 * const engine = createMiniSearchIndex(catalog.entries);
 * const results = await engine.search('send an email', 10);
 */
export function createMiniSearchIndex(entries: readonly CatalogEntry[]): SearchIndex {
  const engine = new MiniSearch<{ id: number; name: string; description: string }>({
    fields: ['name', 'description'],
    tokenize: splitWords,
    processTerm: (term) => {
      const word = term.toLowerCase();
      return word === '' || stopWords.has(word) ? null : word;
    },
    searchOptions: {
      boost: { name: 2 },
      prefix: (term) => term.length >= prefixFrom,
    },
  });
  engine.addAll(
    entries.map((entry, id) => ({ id, name: entry.id, description: entry.description })),
  );
  return {
    async search(query, limit) {
      return engine
        .search(query)
        .slice(0, limit)
        .map(
          (result): RankedTool => ({
            entry: entries[result.id as number] as CatalogEntry,
            score: result.score,
          }),
        );
    },
  };
}

/** Words of an identifier or a text: split at case changes and at anything not a letter or digit. */
function splitWords(text: string): string[] {
  return text.replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2').split(/[^\p{L}\p{N}]+/u);
}
