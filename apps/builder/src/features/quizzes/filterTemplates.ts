import type { QuizType } from '@quizbeam/contracts/quiz';
import type { TemplateForNewQuiz } from '@quizbeam/contracts/templates';
import { filterByName } from './filterByName';

export const ALL_CATEGORIES = 'all';

export interface TemplateFilter {
  search: string;
  /** A category id, or ALL_CATEGORIES. */
  category: string;
  type: QuizType;
}

export function filterTemplates(
  templates: TemplateForNewQuiz[],
  filter: TemplateFilter,
): TemplateForNewQuiz[] {
  return filterByName(templates, filter.search).filter(
    (template) =>
      template.type === filter.type &&
      (filter.category === ALL_CATEGORIES || template.categoryId === filter.category),
  );
}
