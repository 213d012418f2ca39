import { type TermSets, termSetsOf } from './create-term-sets.js';

/**
 * The union of several term sets over the same `documentCount` documents
 * (each field's, for whole documents), counts summed: the same sets as
 * `createTermSets` of every document's terms of every set. Each term's
 * documents are listed by term, a document's counts from several sets summed
 * as they meet, then written back to the documents in term order, without
 * comparing any two: merging each document's runs one set after another
 * copied its union so far for every set, most of building the whole-document
 * statistics.
 *
 * @example
 * const merged = mergeTermSets([createTermSets([2, 0], [0, 2]), createTermSets([2, 1], [0, 2])], 1);
 * merged.counts[merged.slot(0, 2)]; // 2
 */
export function mergeTermSets(sets: readonly TermSets[], documentCount: number): TermSets {
  let largest = -1;
  let total = 0;
  // Indexed loops: `for…of` over a typed array was ten times slower.
  for (const { terms } of sets) {
    total += terms.length;
    for (let slot = 0; slot < terms.length; slot++)
      largest = Math.max(largest, terms[slot] as number);
  }
  // Where each term's documents start (at most one per set each), then where its next goes.
  const filled = new Int32Array(largest + 2);
  for (const { terms } of sets) {
    for (let slot = 0; slot < terms.length; slot++) {
      const term = terms[slot] as number;
      filled[term + 1] = (filled[term + 1] as number) + 1;
    }
  }
  for (let term = 1; term <= largest + 1; term++) {
    filled[term] = (filled[term] as number) + (filled[term - 1] as number);
  }
  const starts = filled.slice(0, largest + 1);
  // Each term's documents and their counts; a document met again (another set) adds its count.
  const documents = new Int32Array(total);
  const documentCounts = new Int32Array(total);
  const lastDocument = new Int32Array(largest + 1).fill(-1);
  const offsets = new Int32Array(documentCount + 1);
  for (let document = 0; document < documentCount; document++) {
    let distinct = 0;
    for (const set of sets) {
      const { terms, counts } = set;
      const runEnd = set.offsets[document + 1] as number;
      for (let slot = set.offsets[document] as number; slot < runEnd; slot++) {
        const term = terms[slot] as number;
        const next = filled[term] as number;
        if (lastDocument[term] === document) {
          documentCounts[next - 1] =
            (documentCounts[next - 1] as number) + (counts[slot] as number);
        } else {
          lastDocument[term] = document;
          documents[next] = document;
          documentCounts[next] = counts[slot] as number;
          filled[term] = next + 1;
          distinct++;
        }
      }
    }
    offsets[document + 1] = (offsets[document] as number) + distinct;
  }
  // Written back by term, ascending: each document's run fills in order.
  const size = offsets[documentCount] as number;
  const terms = new Int32Array(size);
  const counts = new Int32Array(size);
  const next = offsets.slice(0, documentCount);
  for (let term = 0; term <= largest; term++) {
    for (let pair = starts[term] as number; pair < (filled[term] as number); pair++) {
      const document = documents[pair] as number;
      const slot = next[document] as number;
      terms[slot] = term;
      counts[slot] = documentCounts[pair] as number;
      next[document] = slot + 1;
    }
  }
  return termSetsOf(terms, counts, offsets);
}
