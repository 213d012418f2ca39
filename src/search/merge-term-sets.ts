import { type TermSets, termSetsOf } from './create-term-sets.js';

/**
 * The union of several term sets over the same `documentCount` documents
 * (each field's, for whole documents), counts summed: each document's runs are
 * sorted already, so they are merged, where sorting every document's terms
 * again took a tenth of building an index over long descriptions. The same
 * sets as `createTermSets` of every document's terms of every set.
 *
 * @example
 * const merged = mergeTermSets([createTermSets([2, 0], [0, 2]), createTermSets([2, 1], [0, 2])], 1);
 * merged.counts[merged.slot(0, 2)]; // 2
 */
export function mergeTermSets(sets: readonly TermSets[], documentCount: number): TermSets {
  let total = 0;
  for (const set of sets) total += set.terms.length;
  // Each document's union, written after the previous one's, and a scratch copy to merge from.
  const terms = new Int32Array(total);
  const counts = new Int32Array(total);
  const fromTerms = new Int32Array(total);
  const fromCounts = new Int32Array(total);
  const offsets = new Int32Array(documentCount + 1);
  let end = 0;
  for (let document = 0; document < documentCount; document++) {
    const start = end;
    for (const set of sets) {
      const runStart = set.offsets[document] as number;
      const runEnd = set.offsets[document + 1] as number;
      if (runStart === runEnd) continue;
      // Merges the union so far (moved to the scratch arrays) with this set's run.
      const length = end - start;
      fromTerms.set(terms.subarray(start, end), 0);
      fromCounts.set(counts.subarray(start, end), 0);
      let left = 0;
      let right = runStart;
      end = start;
      while (left < length || right < runEnd) {
        const leftTerm = left < length ? (fromTerms[left] as number) : Number.MAX_SAFE_INTEGER;
        const rightTerm = right < runEnd ? (set.terms[right] as number) : Number.MAX_SAFE_INTEGER;
        if (leftTerm < rightTerm) {
          terms[end] = leftTerm;
          counts[end++] = fromCounts[left++] as number;
        } else if (rightTerm < leftTerm) {
          terms[end] = rightTerm;
          counts[end++] = set.counts[right++] as number;
        } else {
          terms[end] = leftTerm;
          counts[end++] = (fromCounts[left++] as number) + (set.counts[right++] as number);
        }
      }
    }
    offsets[document + 1] = end;
  }
  return termSetsOf(terms.slice(0, end), counts.slice(0, end), offsets);
}
