import type { Template } from '@quizbeam/contracts/templates';
import { updateQuiz } from '@quizbeam/quiz-engine/updateQuiz';
import type { DocumentChange } from '../../editor/store/quizHistory';

export type TemplateFieldsPatch = Partial<
  Pick<Template, 'categoryId' | 'description' | 'pointOfQuiz' | 'isExtra' | 'isAvailableForNewQuizzes'>
>;

/** The template's own settings; a patch changing nothing leaves the template (and the history) as it was. */
export const setTemplateFields =
  (patch: TemplateFieldsPatch): DocumentChange<Template> =>
  (template) => {
    const keys = Object.keys(patch) as (keyof TemplateFieldsPatch)[];
    return keys.some((key) => patch[key] !== undefined && patch[key] !== template[key])
      ? { ...template, ...patch }
      : template;
  };

/** The template's quiz carries the template's name (the preview's title, a new quiz's starting point). */
export const renameTemplate =
  (name: string): DocumentChange<Template> =>
  (template) =>
    template.name === name ? template : { ...template, name, quiz: updateQuiz(template.quiz, { name }) };
