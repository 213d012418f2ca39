import type { CatalogEntry } from 'tool-disclosure/catalog';
import type { RankedTool, Ranker, SearchIndex } from 'tool-disclosure/search';
import { compareByteOrder } from 'tool-disclosure/util';

interface KeywordDocument {
  readonly entry: CatalogEntry;
  readonly nameTerms: ReadonlySet<string>;
  readonly descriptionTerms: ReadonlySet<string>;
}

/**
 * The AI SDK 7 built-in `toolSearch()` default scoring, as a baseline: what an
 * application gets from the SDK without a custom `search` function.
 *
 * Mirrors the default branch of the `execute` that `createToolSearchState`
 * (ai 7.0.x, `src/tool-search/prepare-tool-search.ts`) binds to the search
 * tool, and its `tokenize` helper. The query and every tool's name and
 * description are tokenized the same way: camelCase boundaries (a lower-case
 * letter or digit followed by an upper-case letter) get a space, the text is
 * lower-cased, and the tokens are the runs of Unicode letters and digits, so
 * `_`, `-`, `.` and punctuation all separate words. Each distinct query token
 * adds 2 when it is one of the name's tokens and 1 when it is one of the
 * description's tokens. Tools scoring 0 are left out.
 *
 * The SDK keeps the tools' input order for ties (a stable sort); here ties
 * break by canonical id so the ranking does not depend on input order.
 *
 * @example
 * const index = await createKeywordRanker().createIndex(catalog.entries);
 * const results = await index.search('createIssue', 5); // the terms "create" and "issue"
 */
export function createKeywordRanker(): Ranker {
  return {
    name: 'keyword',
    async createIndex(entries) {
      // The SDK tokenizes every tool on every search; tokenizing once gives the same scores.
      const documents: KeywordDocument[] = entries.map((entry) => ({
        entry,
        // The SDK scores the name the model sees, which is the wire name.
        nameTerms: new Set(tokenize(entry.wireName)),
        descriptionTerms: new Set(tokenize(entry.description)),
      }));
      return createKeywordIndex(documents);
    },
  };
}

function createKeywordIndex(documents: readonly KeywordDocument[]): SearchIndex {
  return {
    async search(query, limit) {
      const terms = [...new Set(tokenize(query))];
      if (terms.length === 0 || !(limit >= 1)) return [];
      const ranked: RankedTool[] = [];
      for (const { entry, nameTerms, descriptionTerms } of documents) {
        let score = 0;
        for (const term of terms) {
          if (nameTerms.has(term)) score += 2;
          if (descriptionTerms.has(term)) score += 1;
        }
        if (score > 0) ranked.push({ entry, score });
      }
      ranked.sort(
        (left, right) =>
          right.score - left.score || compareByteOrder(left.entry.id, right.entry.id),
      );
      return ranked.slice(0, limit);
    },
  };
}

/** The SDK's `tokenize` from `prepare-tool-search.ts`, character for character. */
function tokenize(text: string): string[] {
  return (
    text
      .replace(/([a-z\d])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}
