import type { CatalogEntry } from 'tool-disclosure/catalog';
import type { RankedTool, Ranker, SearchIndex } from 'tool-disclosure/search';
import { compareByteOrder } from 'tool-disclosure/util';

/** The most a single tool can score, however many query terms it matches. */
const maxScore = 30;

interface LegacyDocument {
  readonly entry: CatalogEntry;
  /** `"<wire name> <description>"`, lower-cased. */
  readonly text: string;
  /** The whitespace-separated words of `text`. */
  readonly words: ReadonlySet<string>;
}

/**
 * The substring-matching baseline, kept to measure how much better the other
 * rankers do.
 *
 * The query is lower-cased and split on whitespace into terms (repeated terms
 * count again). A tool's text is `"<wire name> <description>"`, lower-cased.
 * Each term adds 10 when it equals a whitespace-separated word of that text,
 * otherwise 5 when it is a substring of it. A tool's total is capped at 30.
 * Tools that score 0 are left out; ties break by wire name in byte order.
 *
 * @example
 * const index = await createLegacyRanker().createIndex(catalog.entries);
 * const results = await index.search('create issue', 5);
 */
export function createLegacyRanker(): Ranker {
  return {
    name: 'legacy',
    async createIndex(entries) {
      // Lower-casing and splitting once per tool, not once per query.
      const documents: LegacyDocument[] = entries.map((entry) => {
        const text = `${entry.wireName} ${entry.description}`.toLowerCase();
        return { entry, text, words: new Set(text.split(/\s+/)) };
      });
      return createLegacyIndex(documents);
    },
  };
}

function createLegacyIndex(documents: readonly LegacyDocument[]): SearchIndex {
  return {
    async search(query, limit) {
      const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
      if (terms.length === 0 || !(limit >= 1)) return [];
      const ranked: RankedTool[] = [];
      for (const { entry, text, words } of documents) {
        let score = 0;
        for (const term of terms) {
          if (words.has(term)) score += 10;
          else if (text.includes(term)) score += 5;
        }
        if (score > 0) ranked.push({ entry, score: Math.min(score, maxScore) });
      }
      ranked.sort(
        (left, right) =>
          right.score - left.score || compareByteOrder(left.entry.wireName, right.entry.wireName),
      );
      return ranked.slice(0, limit);
    },
  };
}
