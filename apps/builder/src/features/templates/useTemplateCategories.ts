import { type TemplateCategory, templateCategoriesEndpoint } from '@quizbeam/contracts/templates';
import { useEndpointQuery } from '../../api/endpointQuery';

const NO_CATEGORIES: TemplateCategory[] = [];

/** The template categories by name; empty until loaded (a failed load shows the default error). */
export function useTemplateCategories(): TemplateCategory[] {
  const categories = useEndpointQuery(templateCategoriesEndpoint, {});
  return categories.data ?? NO_CATEGORIES;
}
