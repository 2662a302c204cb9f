export const CATEGORY_ADDED_TEXT = 'Category has been added.';
export const CATEGORY_RENAMED_TEXT = 'Category has been renamed.';
export const CATEGORY_REMOVED_TEXT = 'Category has been removed.';
export const NO_CATEGORIES_TEXT = 'No categories yet. Add one to group templates in New Quiz.';
export const CATEGORIES_NOTE =
  'Categories group templates in New Quiz. A category still used by a template cannot be removed.';

export const removeCategoryText = (name: string) =>
  `Remove the category "${name}"? Templates can no longer be filed under it.`;
