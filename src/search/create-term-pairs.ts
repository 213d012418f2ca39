import { ChunkedRuns } from '../util/chunked-runs.js';
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
  const wide = termCount * termCount > 2 ** 32;
  // Runs are made as documents are tested, in shared chunks: room for every document's pairs,
  // made at each build, was the largest part of an index at rest (1 MB at 10,000 tools).
  const runs = new ChunkedRuns<Uint32Array | Float64Array>(
    (length) => (wide ? new Float64Array(length) : new Uint32Array(length)),
    chunkLength,
  );
  // Each document's run; 0 before it is made.
  const runOf = new Int32Array(documentCount);
  const keysOf = (document: number): number => {
    let room = 0;
    for (const { starts } of fields) {
      room += (starts[document + 1] as number) - (starts[document] as number);
    }
    const run = runs.add(room);
    const keys = runs.chunkOf(run);
    const start = runs.startOf(run);
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
    runs.shorten(run, kept - start);
    runOf[document] = run;
    return run;
  };
  return {
    has(document, first, second) {
      if (first < 0 || second < 0 || document < 0 || document >= documentCount) return false;
      let run = runOf[document] as number;
      if (run === 0) run = keysOf(document);
      return (
        findSorted(
          runs.chunkOf(run),
          first * termCount + second,
          runs.startOf(run),
          runs.endOf(run) - 1,
        ) >= 0
      );
    },
  };
}

/** Pair keys per shared chunk. */
const chunkLength = 16_384;
