/**
 * How often each number occurs in `values` (non-negative whole numbers),
 * indexed by number up to the largest: the counting pass that turns
 * documents' terms into terms' documents, or sorts them by number, starts from.
 *
 * @example
 * countByNumber([2, 0, 2]); // Int32Array [1, 0, 2]
 */
export function countByNumber(values: ArrayLike<number>): Int32Array {
  let largest = -1;
  // Indexed loops: `for…of` over a typed array was ten times slower.
  for (let index = 0; index < values.length; index++) {
    largest = Math.max(largest, values[index] as number);
  }
  const counts = new Int32Array(largest + 1);
  for (let index = 0; index < values.length; index++) {
    const value = values[index] as number;
    counts[value] = (counts[value] as number) + 1;
  }
  return counts;
}
