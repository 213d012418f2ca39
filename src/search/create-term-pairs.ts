import type { NumberedRuns } from './create-field-term-numbering.js';
import { findSorted } from './find-sorted.js';

/** Which terms each document has side by side, directly one after the other, in one of its fields. */
export interface TermPairs {
  /** Whether document `document` has term number `first` directly followed by term number `second`. */
  has(document: number, first: number, second: number): boolean;
}

/**
 * The adjacent term pairs of `documentCount` documents, given as each
 * field's term numbers (`fields[field]`, document after document), for term
 * numbers below `termCount`: a pair never spans two fields, and the terms
 * `leftOut` are passed over as if absent ("book a flight" has "book flight"
 * when "a" is left out). Stored as one sorted run of distinct pair keys per
 * document, so a test is a binary search, with no `Set` of strings per tool
 * for the collector to trace; keys are 32-bit while `termCount` squared fits.
 * A document's run is made when it is first tested: only the tools a request
 * of several words scored, and that have two of its words, are, and making
 * every tool's at each build was a twentieth of building an index.
 *
 * @example
 * const runs = { values: Int32Array.of(1, 2, 3, 3), starts: Int32Array.of(0, 3, 4) };
 * const pairs = createTermPairs([runs], 2, 4, new Set());
 * pairs.has(0, 2, 3); // true
 * pairs.has(0, 3, 2); // false
 * pairs.has(1, 3, 3); // false: a term is no pair with itself
 */
export function createTermPairs(
  fields: readonly NumberedRuns[],
  documentCount: number,
  termCount: number,
  leftOut: ReadonlySet<number>,
): TermPairs {
  // Each document's run has room for as many keys as it has terms, at the same place.
  const offsets = new Int32Array(documentCount + 1);
  for (let document = 0; document < documentCount; document++) {
    let room = 0;
    for (const { starts } of fields) {
      room += (starts[document + 1] as number) - (starts[document] as number);
    }
    offsets[document + 1] = (offsets[document] as number) + room;
  }
  const keys =
    termCount * termCount <= 2 ** 32
      ? new Uint32Array(offsets[documentCount] as number)
      : new Float64Array(offsets[documentCount] as number);
  // Each document's number of distinct keys, once its run is made; -1 before.
  const lengths = new Int32Array(documentCount).fill(-1);
  const keysOf = (document: number): number => {
    const start = offsets[document] as number;
    let length = start;
    for (const { values, starts } of fields) {
      let previous = -1;
      for (let slot = starts[document] as number; slot < (starts[document + 1] as number); slot++) {
        const term = values[slot] as number;
        if (leftOut.has(term)) continue;
        if (previous >= 0 && previous !== term) keys[length++] = previous * termCount + term;
        previous = term;
      }
    }
    // Sorted, and each kept once.
    keys.subarray(start, length).sort();
    let kept = start;
    for (let index = start; index < length; index++) {
      if (index === start || keys[index] !== keys[kept - 1]) keys[kept++] = keys[index] as number;
    }
    lengths[document] = kept - start;
    return kept - start;
  };
  return {
    has(document, first, second) {
      if (first < 0 || second < 0 || document < 0 || document >= documentCount) return false;
      let length = lengths[document] as number;
      if (length < 0) length = keysOf(document);
      const start = offsets[document] as number;
      return findSorted(keys, first * termCount + second, start, start + length - 1) >= 0;
    },
  };
}
