import { useId } from 'react';
import { QUIZ_TYPE_LABELS } from '../../quizzes/quizLabels';
import { useQuizSelector } from '../store/quizStoreHooks';

/** The type decides how answers work, so it is fixed once the quiz exists. */
export function QuizTypeDisplay() {
  const id = useId();
  const type = useQuizSelector((quiz) => quiz.type);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Quiz Type
      </label>
      <input id={id} className="input" type="text" readOnly value={QUIZ_TYPE_LABELS[type]} />
    </div>
  );
}
