/** Where the drop indicator shows on the item under the pointer: the dragged item lands at its index. */
export function dropPosition(activeIndex: number, overIndex: number): 'before' | 'after' | null {
  if (activeIndex < 0 || overIndex < 0 || activeIndex === overIndex) return null;
  return activeIndex > overIndex ? 'before' : 'after';
}
