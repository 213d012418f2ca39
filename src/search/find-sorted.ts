/**
 * The index of `key` among `values[low]` to `values[high]` (both included,
 * ascending), or -1 when it is not there: a binary search, for the sorted
 * runs of term numbers and keys the search index keeps in typed arrays.
 *
 * @example
 * findSorted(Int32Array.of(2, 5, 9), 5); // 1
 * findSorted(Int32Array.of(2, 5, 9), 4); // -1
 */
export function findSorted(
  values: ArrayLike<number>,
  key: number,
  low = 0,
  high = values.length - 1,
): number {
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = values[middle] as number;
    if (value < key) low = middle + 1;
    else if (value > key) high = middle - 1;
    else return middle;
  }
  return -1;
}
