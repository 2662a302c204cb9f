import type { TemplateCategory, TemplateSummary } from '@quizbeam/contracts/templates';
import { formatCount } from '../quizzes/quizLabels';
import { NO_CATEGORIES_TEXT } from './templateTexts';

interface TemplateCategoryListProps {
  categories: TemplateCategory[];
  /** The template list, to say how many templates each category holds (unknown until loaded). */
  templates: TemplateSummary[] | undefined;
  onRename: (category: TemplateCategory) => void;
  onRemove: (category: TemplateCategory) => void;
}

function usageText(count: number | undefined): string {
  if (count === undefined) return '';
  if (count === 0) return 'Not used';
  return `Used by ${formatCount(count)} template${count === 1 ? '' : 's'}`;
}

/** Each category with how many templates it holds (one in use cannot be removed), Rename and Remove. */
export function TemplateCategoryList({
  categories,
  templates,
  onRename,
  onRemove,
}: TemplateCategoryListProps) {
  if (categories.length === 0) return <p className="template-categories__empty">{NO_CATEGORIES_TEXT}</p>;
  const usage = new Map<string, number>();
  for (const template of templates ?? []) {
    if (template.categoryId) usage.set(template.categoryId, (usage.get(template.categoryId) ?? 0) + 1);
  }
  return (
    <ul className="template-categories__list" aria-label="Categories">
      {categories.map((category) => (
        <li key={category.id} className="template-categories__item">
          <span className="template-categories__name">{category.name}</span>
          <span className="template-categories__usage">
            {usageText(templates ? (usage.get(category.id) ?? 0) : undefined)}
          </span>
          <button
            type="button"
            className="button button--secondary template-categories__button"
            aria-label={`Rename ${category.name}`}
            onClick={() => onRename(category)}
          >
            Rename
          </button>
          <button
            type="button"
            className="button button--secondary template-categories__button template-categories__remove"
            aria-label={`Remove ${category.name}`}
            onClick={() => onRemove(category)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
