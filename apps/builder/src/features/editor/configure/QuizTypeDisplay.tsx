import { QUIZ_TYPE_LABELS } from '../../quizzes/quizLabels';
import { useQuizSelector } from '../store/quizStoreHooks';
import './QuizTypeDisplay.css';

export const QUIZ_TYPE_FIXED_TEXT = 'Set when the quiz was created; it can’t be changed.';

/**
 * The type decides how answers work, so it is fixed once the quiz exists: shown as text (a term and its
 * value), never as a field that looks as if it could be typed into.
 */
export function QuizTypeDisplay() {
  const type = useQuizSelector((quiz) => quiz.type);
  return (
    <dl className="read-only-setting">
      <dt className="field__label">Quiz Type</dt>
      <dd className="read-only-setting__value">{QUIZ_TYPE_LABELS[type]}</dd>
      <dd className="read-only-setting__hint">{QUIZ_TYPE_FIXED_TEXT}</dd>
    </dl>
  );
}
