/** Deletes a Map's oldest entries (in insertion order) until it holds at most `limit`. */
export function trimToSize(map: Map<unknown, unknown>, limit: number): void {
  for (const oldest of map.keys()) {
    if (map.size <= limit) break;
    map.delete(oldest);
  }
}
