import type { Question } from '@quizbeam/contracts/quiz';
import { MAX_ANSWERS_PER_QUESTION } from '@quizbeam/contracts/quizConstants';
import { useId } from 'react';
import { NumberInput } from '../../../ui/NumberInput';
import { useQuizDispatch } from '../store/quizStoreHooks';
import { patchQuestion } from './questionActions';
import { useCheckedOnLeave } from './useCheckedOnLeave';
import './ValueSettings.css';

type Selection = NonNullable<Question['selection']>;
const NO_LIMITS: Selection = { min: null, max: null };

interface SelectionLimitsProps {
  questionId: number;
  selection: Question['selection'];
  /** The text shown when the minimum is above the maximum, or null. */
  orderProblem: string | null;
}

/** How many answers a visitor of a multiple-choice question must and may pick; empty means no limit. */
export function SelectionLimits({ questionId, selection, orderProblem }: SelectionLimitsProps) {
  const dispatch = useQuizDispatch();
  const errorId = useId();
  const checked = useCheckedOnLeave(selection);
  const showError = orderProblem !== null && checked.isChecked;
  const set = (bound: keyof Selection, value: number | null) =>
    dispatch(
      patchQuestion(questionId, (current) => ({
        selection: { ...(current.selection ?? NO_LIMITS), [bound]: value },
      })),
      { coalesceKey: `question-${questionId}-selection-${bound}` },
    );
  return (
    <fieldset
      className="settings-group"
      aria-describedby={showError ? errorId : undefined}
      onBlur={checked.onBlur}
    >
      <legend className="field__label">Choices a visitor makes</legend>
      <div className="item-editor__row">
        <NumberInput
          label="Minimum choices"
          min={1}
          max={MAX_ANSWERS_PER_QUESTION}
          value={selection?.min ?? null}
          hasError={showError}
          onChange={(value) => set('min', value)}
        />
        <NumberInput
          label="Maximum choices"
          min={1}
          max={MAX_ANSWERS_PER_QUESTION}
          value={selection?.max ?? null}
          hasError={showError}
          onChange={(value) => set('max', value)}
        />
      </div>
      <p className="field__hint">Leave a box empty for no limit.</p>
      {showError ? (
        <p id={errorId} className="field__error">
          {orderProblem}
        </p>
      ) : null}
    </fieldset>
  );
}
