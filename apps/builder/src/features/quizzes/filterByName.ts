/** The My Quizzes search: case-insensitive "contains" on the name; blank keeps everything. */
export function filterByName<Item extends { name: string }>(items: Item[], search: string): Item[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return items;
  return items.filter((item) => item.name.toLowerCase().includes(needle));
}
