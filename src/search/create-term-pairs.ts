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
  let room = 0;
  for (const { values } of fields) room += values.length;
  const keys = termCount * termCount <= 2 ** 32 ? new Uint32Array(room) : new Float64Array(room);
  const offsets = new Int32Array(documentCount + 1);
  let length = 0;
  for (let document = 0; document < documentCount; document++) {
    const start = length;
    for (const { values, starts } of fields) {
      let previous = -1;
      for (let slot = starts[document] as number; slot < (starts[document + 1] as number); slot++) {
        const term = values[slot] as number;
        if (leftOut.has(term)) continue;
        if (previous >= 0 && previous !== term) keys[length++] = previous * termCount + term;
        previous = term;
      }
    }
    // Each document's keys sorted, and each kept once.
    keys.subarray(start, length).sort();
    let kept = start;
    for (let index = start; index < length; index++) {
      if (index === start || keys[index] !== keys[kept - 1]) keys[kept++] = keys[index] as number;
    }
    length = kept;
    offsets[document + 1] = length;
  }
  const sorted = keys.slice(0, length);
  return {
    has(document, first, second) {
      if (first < 0 || second < 0 || document < 0 || document >= documentCount) return false;
      const key = first * termCount + second;
      const end = (offsets[document + 1] as number) - 1;
      return findSorted(sorted, key, offsets[document] as number, end) >= 0;
    },
  };
}
