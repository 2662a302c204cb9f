import type { RatingScale } from '@quizbeam/contracts/questionSettings';
import { rangeOf, ratingScale, ratingValues } from '@quizbeam/quiz-engine/questionTypes';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import { TextInputField } from '../../../ui/TextInputField';
import { useQuizDispatch } from '../store/quizStoreHooks';
import { patchQuestion } from './questionActions';
import { RangeOutcomeFields } from './RangeOutcomeFields';
import { updateRatingValue } from './rangeActions';
import type { QuestionSettings } from './useQuestionSettings';
import './ValueSettings.css';

const scaleOptions: { value: RatingScale['kind']; label: string }[] = [
  { value: 'stars', label: '1–5 stars' },
  { value: 'zero_to_ten', label: '0–10' },
];

/** A rating's scale and end labels, then what each value gives. */
export function RatingSettings({ question }: { question: QuestionSettings }) {
  const dispatch = useQuizDispatch();
  const scale = ratingScale(question);
  const setScale = (patch: Partial<RatingScale>, field?: string) =>
    dispatch(
      patchQuestion(question.id, (current) => ({ rating: { ...ratingScale(current), ...patch } })),
      field ? { coalesceKey: `question-${question.id}-rating-${field}` } : {},
    );
  return (
    <>
      <h2 className="item-editor__section-title">Rating</h2>
      <Dropdown
        label="Scale"
        searchable={false}
        options={scaleOptions}
        value={scale.kind}
        onChange={(kind) => setScale({ kind })}
      />
      <div className="item-editor__row">
        <TextInputField
          label="Low label"
          placeholder="Not likely"
          maxLength={100}
          value={scale.lowLabel}
          onChange={(lowLabel) => setScale({ lowLabel }, 'low')}
        />
        <TextInputField
          label="High label"
          placeholder="Very likely"
          maxLength={100}
          value={scale.highLabel}
          onChange={(highLabel) => setScale({ highLabel }, 'high')}
        />
      </div>
      <ul className="value-settings" aria-label="What each rating gives">
        {ratingValues(scale).map((value) => (
          <li key={value} className="value-settings__item">
            <fieldset className="value-settings__group">
              <legend className="value-settings__title">
                {scale.kind === 'stars' ? `${value} ${value === 1 ? 'star' : 'stars'}` : `Rating ${value}`}
              </legend>
              <RangeOutcomeFields
                range={rangeOf(question, value)}
                onChange={(patch) => dispatch(updateRatingValue(question.id, value, patch))}
              />
            </fieldset>
          </li>
        ))}
      </ul>
    </>
  );
}
