/** Which terms each document has side by side, directly one after the other, in one of its fields. */
export interface TermPairs {
  /** Whether document `document` has term number `first` directly followed by term number `second`. */
  has(document: number, first: number, second: number): boolean;
}

/**
 * The adjacent term pairs of documents numbered from 0, each given as its
 * fields' term numbers in order (`documents[document][field]`), for term
 * numbers below `termCount`: a pair never spans two fields. Stored as one
 * sorted run of pair keys per document, so a test is a binary search, with
 * no `Set` of strings per tool for the collector to trace.
 *
 * @example
 * const pairs = createTermPairs([[[1, 2, 3]], [[3], [2]]], 4);
 * pairs.has(0, 2, 3); // true
 * pairs.has(0, 3, 2); // false
 * pairs.has(1, 3, 2); // false: two fields
 */
export function createTermPairs(
  documents: readonly (readonly (readonly number[])[])[],
  termCount: number,
): TermPairs {
  const keys: number[] = [];
  const offsets = new Int32Array(documents.length + 1);
  for (const [document, fields] of documents.entries()) {
    for (const terms of fields) {
      for (let index = 0; index + 1 < terms.length; index++) {
        const first = terms[index] as number;
        const second = terms[index + 1] as number;
        if (first !== second) keys.push(first * termCount + second);
      }
    }
    offsets[document + 1] = keys.length;
  }
  // Float64, not Int32: a key is below termCount squared, exact up to 2^53.
  const sorted = Float64Array.from(keys);
  for (let document = 0; document < documents.length; document++) {
    sorted.subarray(offsets[document], offsets[document + 1]).sort();
  }
  return {
    has(document, first, second) {
      if (first < 0 || second < 0 || document < 0 || document >= documents.length) return false;
      const key = first * termCount + second;
      let low = offsets[document] as number;
      let high = (offsets[document + 1] as number) - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const value = sorted[middle] as number;
        if (value < key) low = middle + 1;
        else if (value > key) high = middle - 1;
        else return true;
      }
      return false;
    },
  };
}
