import type { ScoreRange } from '@quizbeam/contracts/quiz';
import { INVERTED_SCORE_RANGE_TEXT } from '@quizbeam/quiz-engine/publishability';
import { useId, useState } from 'react';
import { NumberInput } from '../../../ui/NumberInput';

export const INVERTED_SCORE_RANGE_HINT = `${INVERTED_SCORE_RANGE_TEXT} Make Score To at least Score From.`;
export const PERCENT_RANGE_HINT = 'In % of the highest possible score, from 0 to 100.';

interface ScoreRangeFieldsProps {
  range: ScoreRange;
  /** Outcomes are chosen by percentage: the bounds are percentages (0–100). */
  inPercent?: boolean;
  onChange: (range: ScoreRange, bound: 'from' | 'to') => void;
}

/**
 * Score From and Score To. Each keystroke changes only its own bound (typing "10" into To passes through
 * "1", which must not drag From down); an interval that ends before it starts is shown as an error once
 * the user leaves a field, and until either bound changes again.
 */
export function ScoreRangeFields({ range, inPercent = false, onChange }: ScoreRangeFieldsProps) {
  const errorId = useId();
  const hintId = useId();
  const max = inPercent ? 100 : undefined;
  // The interval when a field was last left (or when the outcome was opened).
  const [checkedRange, setCheckedRange] = useState(range);
  const isChecked = checkedRange.from === range.from && checkedRange.to === range.to;
  const isInverted = range.from !== null && range.to !== null && range.from > range.to;
  const showError = isChecked && isInverted;
  return (
    <fieldset
      className="score-range"
      aria-describedby={
        [showError ? errorId : null, inPercent ? hintId : null].filter(Boolean).join(' ') || undefined
      }
      onBlur={() => setCheckedRange(range)}
    >
      <legend className="visually-hidden">Score interval</legend>
      <div className="item-editor__row">
        <NumberInput
          label="Score From"
          min={0}
          max={max}
          value={range.from}
          hasError={showError}
          onChange={(from) => onChange({ ...range, from }, 'from')}
        />
        <NumberInput
          label="Score To"
          min={0}
          max={max}
          value={range.to}
          hasError={showError}
          onChange={(to) => onChange({ ...range, to }, 'to')}
        />
      </div>
      {inPercent && (
        <p id={hintId} className="field__hint">
          {PERCENT_RANGE_HINT}
        </p>
      )}
      {showError && (
        <p id={errorId} className="field__error score-range__error">
          {INVERTED_SCORE_RANGE_HINT}
        </p>
      )}
    </fieldset>
  );
}
