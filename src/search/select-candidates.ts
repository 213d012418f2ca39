/**
 * The `count` best of the first `length` ids of `ids`, by `totals` (higher
 * first), then `fieldScores` (higher first), then the lower id: a bounded
 * binary heap kept in `heap` (at least `count` long), so taking the best 200
 * of 10,000 matches costs about 10,000 × log 200 comparisons and allocates
 * nothing. The order is total, so the set is what a full sort would keep; it
 * is left in no particular order at the start of `heap`, and how many there
 * are is returned.
 *
 * @example
 * const kept = selectCandidates(Int32Array.of(1, 2, 3), 3, 2, totals, fieldScores, heap);
 * heap.subarray(0, kept); // the best 2 ids
 */
export function selectCandidates(
  ids: Int32Array,
  length: number,
  count: number,
  totals: Float64Array,
  fieldScores: Float64Array,
  heap: Int32Array,
): number {
  if (length <= count) {
    for (let index = 0; index < length; index++) heap[index] = ids[index] as number;
    return length;
  }
  // The root is the worst of the best so far.
  let size = 0;
  for (let index = 0; index < length; index++) {
    const id = ids[index] as number;
    if (size < count) {
      let child = size++;
      while (child > 0) {
        const parent = (child - 1) >> 1;
        const above = heap[parent] as number;
        if (!isWorse(id, above, totals, fieldScores)) break;
        heap[child] = above;
        child = parent;
      }
      heap[child] = id;
    } else if (count > 0 && isWorse(heap[0] as number, id, totals, fieldScores)) {
      let parent = 0;
      for (;;) {
        const left = parent * 2 + 1;
        if (left >= size) break;
        const right = left + 1;
        let worst = left;
        if (
          right < size &&
          isWorse(heap[right] as number, heap[left] as number, totals, fieldScores)
        ) {
          worst = right;
        }
        const below = heap[worst] as number;
        if (!isWorse(below, id, totals, fieldScores)) break;
        heap[parent] = below;
        parent = worst;
      }
      heap[parent] = id;
    }
  }
  return size;
}

/** Whether `left` ranks below `right`. */
function isWorse(left: number, right: number, totals: Float64Array, fieldScores: Float64Array) {
  const leftTotal = totals[left] as number;
  const rightTotal = totals[right] as number;
  if (leftTotal !== rightTotal) return leftTotal < rightTotal;
  const leftField = fieldScores[left] as number;
  const rightField = fieldScores[right] as number;
  if (leftField !== rightField) return leftField < rightField;
  return left > right;
}
