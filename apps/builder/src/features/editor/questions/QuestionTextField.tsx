import { findQuestion } from '@quizbeam/quiz-engine/lookup';
import { updateQuestion } from '@quizbeam/quiz-engine/questions';
import { TextInputField } from '../../../ui/TextInputField';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';

/** The question's text: the only part of the pane a keystroke in it re-renders. */
export function QuestionTextField({ questionId }: { questionId: number }) {
  const text = useQuizSelector((quiz) => findQuestion(quiz, questionId)?.text ?? '');
  const dispatch = useQuizDispatch();
  return (
    <TextInputField
      label="Question Text"
      placeholder="Enter Question Text"
      multiline
      value={text}
      onChange={(next) =>
        dispatch((current) => updateQuestion(current, questionId, { text: next }), {
          coalesceKey: `question-${questionId}-text`,
        })
      }
    />
  );
}
