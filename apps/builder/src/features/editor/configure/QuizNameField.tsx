import { QUIZ_NAME_MAX_LENGTH, QUIZ_NAME_REQUIRED_TEXT } from '@quizbeam/contracts/quiz';
import { TextInputField } from '../../../ui/TextInputField';
import { setQuizFields } from '../store/quizActions';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';

export function QuizNameField() {
  const name = useQuizSelector((quiz) => quiz.name);
  const dispatch = useQuizDispatch();
  return (
    <TextInputField
      label="Quiz Name"
      value={name}
      onChange={(next) => dispatch(setQuizFields({ name: next }), { coalesceKey: 'quiz-name' })}
      required
      maxLength={QUIZ_NAME_MAX_LENGTH}
      errorMessage={name.trim() ? null : QUIZ_NAME_REQUIRED_TEXT}
    />
  );
}
