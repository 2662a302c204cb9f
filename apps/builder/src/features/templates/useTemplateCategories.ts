import type { TemplateCategory } from '@quizbeam/contracts/templates';
import { useQuery } from '@tanstack/react-query';
import { listTemplateCategories, templatesQueryKeys } from './templatesApi';

const NO_CATEGORIES: TemplateCategory[] = [];

/** The template categories by name; empty until loaded (a failed load shows the default error). */
export function useTemplateCategories(): TemplateCategory[] {
  const categories = useQuery({ queryKey: templatesQueryKeys.categories, queryFn: listTemplateCategories });
  return categories.data ?? NO_CATEGORIES;
}
