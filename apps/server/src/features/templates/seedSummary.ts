/** The names of what a seed added (nothing when the database already had every key). */
export interface SeedResult {
  categories: string[];
  templates: string[];
}

/** "Added 6 template categories and 24 templates from the starter library." */
export function seedSummary(result: SeedResult): string {
  const counted = (total: number, one: string, many: string) =>
    `${total.toLocaleString('en-US')} ${total === 1 ? one : many}`;
  if (result.categories.length === 0 && result.templates.length === 0) {
    return 'The starter library is already in place: nothing to add.';
  }
  const categories = counted(result.categories.length, 'template category', 'template categories');
  const added = counted(result.templates.length, 'template', 'templates');
  return `Added ${categories} and ${added} from the starter library.`;
}
