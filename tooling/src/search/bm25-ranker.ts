import type { Orama } from '@orama/orama';
import type { CatalogEntry } from 'tool-disclosure/catalog';
import type { RankedTool, Ranker, SearchIndex } from 'tool-disclosure/search';
import { compareByteOrder } from 'tool-disclosure/util';

const schema = { name: 'string', description: 'string' } as const;

/**
 * Plain Orama BM25 over each tool's wire name and description, as a baseline:
 * no field boosts, no synonyms, no identifier splitting, Orama's default
 * English tokenizer (no stemming, no stop words).
 *
 * Orama's defaults stay in place, so a query token also matches indexed words
 * it is a prefix of (`cal` finds `calendar`), and the tokenizer keeps `_` and
 * `-` inside words, so a wire name such as `github__create_issue` is one token.
 * Documents matching any query token are returned, scored by BM25 summed over
 * tokens and fields. Ties break by canonical id.
 *
 * @example
 * const index = await createBm25Ranker().createIndex(catalog.entries);
 * const results = await index.search('create issue', 5);
 */
export function createBm25Ranker(): Ranker {
  return {
    name: 'bm25',
    async createIndex(entries) {
      // Orama updates its average field lengths incrementally in floating point,
      // so insertion order can change scores in the last bit; a fixed order
      // keeps results identical however the entries were passed.
      const sorted = [...entries].sort((left, right) => compareByteOrder(left.id, right.id));
      // Loaded by the first index built, not at import: only this baseline uses Orama.
      const { create, insertMultiple, search } = await import('@orama/orama');
      const database = create({ schema });
      await insertMultiple(
        database,
        sorted.map((entry) => ({
          id: entry.id,
          name: entry.wireName,
          description: entry.description,
        })),
      );
      const entriesById = new Map(sorted.map((entry) => [entry.id, entry]));
      return createBm25Index(database, entriesById, search);
    },
  };
}

function createBm25Index(
  database: Orama<typeof schema>,
  entriesById: ReadonlyMap<string, CatalogEntry>,
  search: typeof import('@orama/orama').search,
): SearchIndex {
  return {
    async search(query, limit) {
      const term = query.trim();
      // An empty term makes Orama return every document.
      if (term === '' || entriesById.size === 0 || !(limit >= 1)) return [];
      const results = await search(database, {
        term,
        properties: ['name', 'description'],
        // In Orama 3, threshold 1 keeps documents matching any query token;
        // 0 keeps only those matching all of them (and returns nothing when one
        // token is absent from the index). Plain BM25 ranks partial matches.
        threshold: 1,
        // Every hit, not `limit`: Orama does not order equal scores by canonical
        // id, so the cut is made here, after ties are ordered.
        limit: entriesById.size,
      });
      const ranked: RankedTool[] = [];
      for (const hit of results.hits) {
        const entry = entriesById.get(hit.id);
        if (entry !== undefined && hit.score > 0) ranked.push({ entry, score: hit.score });
      }
      ranked.sort(
        (left, right) =>
          right.score - left.score || compareByteOrder(left.entry.id, right.entry.id),
      );
      return ranked.slice(0, limit);
    },
  };
}
