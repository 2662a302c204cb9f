/**
 * Ranks are 1..n in list order. Items whose rank is already right are kept as they are (same object), the
 * others are copied with the new rank; the input array is never changed.
 */
export function renumber<T extends { rank: number }>(items: T[]): T[] {
  return items.map((item, index) => (item.rank === index + 1 ? item : { ...item, rank: index + 1 }));
}

/**
 * A drop moves the dragged item to the target position: the item at `fromIndex` ends up at `toIndex`
 * (clamped to the list), the others keep their relative order. An unknown `fromIndex` returns a copy.
 */
export function moveToIndex<T>(items: T[], fromIndex: number, toIndex: number): T[] {
  const result = [...items];
  if (!Number.isInteger(fromIndex) || fromIndex < 0 || fromIndex >= items.length) return result;
  const target = Math.min(Math.max(Number.isFinite(toIndex) ? Math.trunc(toIndex) : 0, 0), items.length - 1);
  result.splice(target, 0, ...result.splice(fromIndex, 1));
  return result;
}

/** A copy sorted by rank; items with the same rank keep their list order. */
export function sortByRank<T extends { rank: number }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.rank - b.item.rank || a.index - b.index)
    .map(({ item }) => item);
}
