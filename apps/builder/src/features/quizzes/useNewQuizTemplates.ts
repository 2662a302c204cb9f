import type { TemplateCategory, TemplateForNewQuiz } from '@quizbeam/contracts/templates';
import { useQuery } from '@tanstack/react-query';
import { listTemplateCategories, listTemplatesForNewQuiz, quizzesQueryKeys } from './quizzesApi';

const NO_TEMPLATES: TemplateForNewQuiz[] = [];
const NO_CATEGORIES: TemplateCategory[] = [];

/** The templates offered for new quizzes and their categories; each empty until loaded, or when it cannot be. */
export function useNewQuizTemplates() {
  const templates = useQuery({
    queryKey: quizzesQueryKeys.templatesForNewQuiz,
    queryFn: listTemplatesForNewQuiz,
  });
  const categories = useQuery({
    queryKey: quizzesQueryKeys.templateCategories,
    queryFn: listTemplateCategories,
  });
  return {
    templates: templates.data ?? NO_TEMPLATES,
    /** The template list has arrived (so an empty one means the library is empty). */
    templatesLoaded: templates.isSuccess,
    categories: categories.data ?? NO_CATEGORIES,
  };
}
