import { type TemplateForNewQuiz, templatesForNewQuizEndpoint } from '@quizbeam/contracts/templates';
import { useEndpointQuery } from '../../api/endpointQuery';
import { useTemplateCategories } from '../templates/useTemplateCategories';

const NO_TEMPLATES: TemplateForNewQuiz[] = [];

/** The templates offered for new quizzes and their categories; each empty until loaded, or when it cannot be. */
export function useNewQuizTemplates() {
  const templates = useEndpointQuery(templatesForNewQuizEndpoint, {});
  return {
    templates: templates.data ?? NO_TEMPLATES,
    /** The template list has arrived (so an empty one means the library is empty). */
    templatesLoaded: templates.isSuccess,
    categories: useTemplateCategories(),
  };
}
