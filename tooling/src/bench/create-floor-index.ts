import type { CatalogEntry } from 'tool-disclosure/catalog';
import type { RankedTool, SearchIndex } from 'tool-disclosure/search';
import { analyzeText } from 'tool-disclosure/search';
import { compareByteOrder, isRecord } from 'tool-disclosure/util';

const k1 = 1.2;
const b = 0.75;

/**
 * A plain inverted-index BM25 over name words, description, and parameter
 * names and descriptions, with the library's tokenizer, stemmer and stop words
 * (`analyzeText`): the practical floor that `bench` measures the default
 * ranker against. Written for the benchmark only; it ranks, it does not judge
 * relevance (any matching tool is returned).
 *
 * @example
 * const floor = createFloorIndex(catalog.entries);
 * const results = await floor.search('send an email', 10);
 */
export function createFloorIndex(entries: readonly CatalogEntry[]): SearchIndex {
  // term → flat postings [document, term frequency, document, term frequency, …]
  const postings = new Map<string, number[]>();
  const lengths = new Float64Array(entries.length);
  let totalLength = 0;
  entries.forEach((entry, document) => {
    const terms = analyzeText(documentText(entry));
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, count] of counts) {
      const list = postings.get(term);
      if (list === undefined) postings.set(term, [document, count]);
      else list.push(document, count);
    }
    lengths[document] = terms.length;
    totalLength += terms.length;
  });
  const averageLength = entries.length > 0 ? totalLength / entries.length : 1;
  const scores = new Float64Array(entries.length);

  return {
    async search(query, limit) {
      const touched: number[] = [];
      for (const term of new Set(analyzeText(query))) {
        const list = postings.get(term);
        if (list === undefined) continue;
        const matching = list.length / 2;
        const idf = Math.log(1 + (entries.length - matching + 0.5) / (matching + 0.5));
        for (let index = 0; index < list.length; index += 2) {
          const document = list[index] as number;
          const frequency = list[index + 1] as number;
          const norm = k1 * (1 - b + (b * (lengths[document] as number)) / averageLength);
          if (scores[document] === 0) touched.push(document);
          scores[document] =
            (scores[document] as number) + (idf * frequency * (k1 + 1)) / (frequency + norm);
        }
      }
      // Top-k by bounded insertion: `best` stays sorted and never holds more than `limit`.
      const best: number[] = [];
      const before = (left: number, right: number) =>
        (scores[left] as number) > (scores[right] as number) ||
        (scores[left] === scores[right] &&
          compareByteOrder(
            (entries[left] as CatalogEntry).id,
            (entries[right] as CatalogEntry).id,
          ) < 0);
      for (const document of touched) {
        if (best.length === limit) {
          if (limit === 0 || !before(document, best[limit - 1] as number)) continue;
          best.pop();
        }
        let position = best.length;
        while (position > 0 && before(document, best[position - 1] as number)) position--;
        best.splice(position, 0, document);
      }
      const results: RankedTool[] = best.map((document) => ({
        entry: entries[document] as CatalogEntry,
        score: scores[document] as number,
      }));
      for (const document of touched) scores[document] = 0;
      return results;
    },
  };
}

/** Name words, description, and top-level parameter names and descriptions, as one text. */
function documentText(entry: CatalogEntry): string {
  const parts = [entry.id, entry.description];
  const properties = entry.parameters.properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    parts.push(name);
    if (isRecord(property) && typeof property.description === 'string') {
      parts.push(property.description);
    }
  }
  return parts.join(' ');
}
