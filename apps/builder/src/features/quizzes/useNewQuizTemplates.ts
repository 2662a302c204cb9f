import type { TemplateCategory, TemplateForNewQuiz } from '@quizbeam/contracts/templates';
import { useEffect, useState } from 'react';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { listTemplateCategories, listTemplatesForNewQuiz } from './quizzesApi';

/** The templates offered for new quizzes and their categories; both empty when they cannot be loaded. */
export function useNewQuizTemplates() {
  const [templates, setTemplates] = useState<TemplateForNewQuiz[]>([]);
  const [categories, setCategories] = useState<TemplateCategory[]>([]);

  useEffect(() => {
    let isCurrent = true;
    Promise.all([listTemplatesForNewQuiz(), listTemplateCategories()]).then(
      ([loadedTemplates, loadedCategories]) => {
        if (!isCurrent) return;
        setTemplates(loadedTemplates);
        setCategories(loadedCategories);
      },
      () => {
        if (isCurrent) showDefaultError();
      },
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  return { templates, categories };
}
