import { findQuestion } from '@quizbeam/quiz-engine/lookup';
import { updateQuestion } from '@quizbeam/quiz-engine/questions';
import { RichTextField } from '../../../ui/richText/RichTextField';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';

/** The optional formatted text under the question; like the question's text, only it re-renders as it is typed. */
export function QuestionDescriptionField({ questionId }: { questionId: number }) {
  const description = useQuizSelector((quiz) => findQuestion(quiz, questionId)?.description ?? '');
  const dispatch = useQuizDispatch();
  return (
    <RichTextField
      label="Description"
      value={description}
      onChange={(next) =>
        dispatch((current) => updateQuestion(current, questionId, { description: next }), {
          coalesceKey: `question-${questionId}-description`,
        })
      }
    />
  );
}
