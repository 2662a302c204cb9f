import type { TemplateCategory } from '@quizbeam/contracts/templates';
import { Dropdown } from '../../ui/dropdown/Dropdown';

export const NO_CATEGORY_LABEL = 'No category';
/** The dropdown's value for "no category" (a category id is never empty). */
const NO_CATEGORY = '';

interface CategoryDropdownProps {
  label: string;
  categories: TemplateCategory[];
  /** A category id, or null for none. */
  value: string | null;
  onChange: (categoryId: string | null) => void;
}

/** A template's category: one of the admins' categories, or none. */
export function CategoryDropdown({ label, categories, value, onChange }: CategoryDropdownProps) {
  const options = [
    { value: NO_CATEGORY, label: NO_CATEGORY_LABEL },
    ...categories.map((category) => ({ value: category.id, label: category.name })),
  ];
  return (
    <Dropdown
      label={label}
      options={options}
      value={value ?? NO_CATEGORY}
      onChange={(chosen) => onChange(chosen === NO_CATEGORY ? null : chosen)}
    />
  );
}
