/**
 * The `count` first items of `items` in the order `compare` defines, in that
 * order, without sorting the rest: a bounded binary heap, so selecting the
 * best 200 of 10,000 costs about 10,000 × log 200 comparisons. `compare` must
 * be a total order (ties broken), so the result is what a full sort would give.
 *
 * @example
 * selectTop([5, 1, 4, 2], 2, (left, right) => right - left); // [5, 4]
 */
export function selectTop<ITEM>(
  items: readonly ITEM[],
  count: number,
  compare: (left: ITEM, right: ITEM) => number,
): ITEM[] {
  if (items.length <= count) return [...items].sort(compare);
  // A heap whose root is the worst of the best so far.
  const heap: ITEM[] = [];
  const worse = (left: ITEM, right: ITEM) => compare(left, right) > 0;
  const siftUp = (start: number) => {
    let child = start;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!worse(heap[child] as ITEM, heap[parent] as ITEM)) break;
      [heap[child], heap[parent]] = [heap[parent] as ITEM, heap[child] as ITEM];
      child = parent;
    }
  };
  const siftDown = () => {
    let parent = 0;
    for (;;) {
      const left = parent * 2 + 1;
      const right = left + 1;
      let worst = parent;
      if (left < heap.length && worse(heap[left] as ITEM, heap[worst] as ITEM)) worst = left;
      if (right < heap.length && worse(heap[right] as ITEM, heap[worst] as ITEM)) worst = right;
      if (worst === parent) return;
      [heap[worst], heap[parent]] = [heap[parent] as ITEM, heap[worst] as ITEM];
      parent = worst;
    }
  };
  for (const item of items) {
    if (heap.length < count) {
      heap.push(item);
      siftUp(heap.length - 1);
    } else if (count > 0 && compare(item, heap[0] as ITEM) < 0) {
      heap[0] = item;
      siftDown();
    }
  }
  return heap.sort(compare);
}
