import type { TemplateForNewQuiz } from '@quizbeam/contracts/templates';
import { useQuery } from '@tanstack/react-query';
import { listTemplatesForNewQuiz, templatesQueryKeys } from '../templates/templatesApi';
import { useTemplateCategories } from '../templates/useTemplateCategories';

const NO_TEMPLATES: TemplateForNewQuiz[] = [];

/** The templates offered for new quizzes and their categories; each empty until loaded, or when it cannot be. */
export function useNewQuizTemplates() {
  const templates = useQuery({
    queryKey: templatesQueryKeys.forNewQuiz,
    queryFn: listTemplatesForNewQuiz,
  });
  return {
    templates: templates.data ?? NO_TEMPLATES,
    /** The template list has arrived (so an empty one means the library is empty). */
    templatesLoaded: templates.isSuccess,
    categories: useTemplateCategories(),
  };
}
