import type { ValueRange } from '@quizbeam/contracts/quiz';
import { MAX_VALUE_RANGES } from '@quizbeam/contracts/quizConstants';
import { useId } from 'react';
import { ButtonWithReason } from '../../../ui/ButtonWithReason';
import { NumberInput } from '../../../ui/NumberInput';
import { useQuizDispatch } from '../store/quizStoreHooks';
import { problemAt, type QuestionProblem } from './questionProblemText';
import { RangeOutcomeFields } from './RangeOutcomeFields';
import { addRange, type RangePatch, removeRangeAt, updateRangeAt } from './rangeActions';
import { useCheckedOnLeave } from './useCheckedOnLeave';
import './ValueSettings.css';

interface ValueRangesEditorProps {
  questionId: number;
  ranges: ValueRange[];
  problems: readonly QuestionProblem[];
}

/** A number question's ranges: each from–to (inclusive) with what it gives; the first range holding a value applies. */
export function ValueRangesEditor({ questionId, ranges, problems }: ValueRangesEditorProps) {
  const dispatch = useQuizDispatch();
  return (
    <>
      <h2 className="item-editor__section-title">Ranges</h2>
      <p className="item-editor__note">
        Each range includes both ends. Where ranges overlap, the first one applies; a number in no range gives
        no points and goes on as the question does.
      </p>
      {ranges.length > 0 ? (
        <ul className="value-settings" aria-label="Ranges">
          {ranges.map((range, index) => (
            // Ranges have no ids; their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="value-settings__item">
              <RangeCard
                title={`Range ${index + 1}`}
                range={range}
                orderProblem={problemAt(problems, 'ranges', index, 'to')}
                onChange={(patch, field) =>
                  dispatch(
                    updateRangeAt(questionId, index, patch),
                    field ? { coalesceKey: `question-${questionId}-range-${index}-${field}` } : {},
                  )
                }
                onRemove={() => dispatch(removeRangeAt(questionId, index))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <ButtonWithReason
        className="button button--secondary value-settings__add"
        disabledReason={
          ranges.length >= MAX_VALUE_RANGES ? `A question has at most ${MAX_VALUE_RANGES} ranges.` : null
        }
        onClick={() => dispatch(addRange(questionId))}
      >
        Add Range
      </ButtonWithReason>
    </>
  );
}

interface RangeCardProps {
  title: string;
  range: ValueRange;
  orderProblem: string | null;
  onChange: (patch: RangePatch, field?: string) => void;
  onRemove: () => void;
}

function RangeCard({ title, range, orderProblem, onChange, onRemove }: RangeCardProps) {
  const errorId = useId();
  const bounds = useCheckedOnLeave(`${range.from}|${range.to}`);
  const showError = orderProblem !== null && bounds.isChecked;
  return (
    <section
      className="value-settings__group"
      aria-label={title}
      aria-describedby={showError ? errorId : undefined}
    >
      <header className="value-settings__header">
        <h3 className="value-settings__title">{title}</h3>
        <button type="button" className="item-card__delete" aria-label={`Delete ${title}`} onClick={onRemove}>
          ×
        </button>
      </header>
      <fieldset className="item-editor__row value-settings__bounds" onBlur={bounds.onBlur}>
        <legend className="visually-hidden">Values</legend>
        <NumberInput
          label="From"
          value={range.from}
          hasError={showError}
          onChange={(from) => {
            if (from !== null) onChange({ from }, 'from');
          }}
        />
        <NumberInput
          label="To"
          value={range.to}
          hasError={showError}
          onChange={(to) => {
            if (to !== null) onChange({ to }, 'to');
          }}
        />
      </fieldset>
      {showError ? (
        <p id={errorId} className="field__error">
          {orderProblem}
        </p>
      ) : null}
      <RangeOutcomeFields range={range} onChange={(patch) => onChange(patch)} />
    </section>
  );
}
