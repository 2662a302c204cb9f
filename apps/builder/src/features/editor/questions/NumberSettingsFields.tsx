import type { NumberSettings } from '@quizbeam/contracts/questionSettings';
import { NUMBER_INPUT_LIMIT } from '@quizbeam/contracts/quizConstants';
import { numberSettings } from '@quizbeam/quiz-engine/questionTypes';
import { useId } from 'react';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import { NumberInput } from '../../../ui/NumberInput';
import { TextInputField } from '../../../ui/TextInputField';
import { useQuizDispatch } from '../store/quizStoreHooks';
import { patchQuestion } from './questionActions';
import { useCheckedOnLeave } from './useCheckedOnLeave';
import type { QuestionSettings } from './useQuestionSettings';
import './ValueSettings.css';

const displayOptions: { value: NumberSettings['display']; label: string }[] = [
  { value: 'field', label: 'Number field' },
  { value: 'slider', label: 'Slider' },
];

interface NumberSettingsFieldsProps {
  question: QuestionSettings;
  /** The text shown when the minimum is not below the maximum, or null. */
  boundsProblem: string | null;
}

/** A number question's minimum, maximum, step, unit and how the visitor enters it. */
export function NumberSettingsFields({ question, boundsProblem }: NumberSettingsFieldsProps) {
  const dispatch = useQuizDispatch();
  const errorId = useId();
  const settings = numberSettings(question);
  const bounds = useCheckedOnLeave(question.number);
  const showError = boundsProblem !== null && bounds.isChecked;
  // An empty or unfinished number ("-") keeps the stored value; the field shows it again when left.
  const setNumber = (patch: Partial<NumberSettings>, field: string) =>
    dispatch(
      patchQuestion(question.id, (current) => ({ number: { ...numberSettings(current), ...patch } })),
      { coalesceKey: `question-${question.id}-number-${field}` },
    );
  const numberField = (label: string, field: 'min' | 'max' | 'step', hasError = false) => (
    <NumberInput
      label={label}
      min={field === 'step' ? 0 : -NUMBER_INPUT_LIMIT}
      max={NUMBER_INPUT_LIMIT}
      value={settings[field]}
      hasError={hasError}
      onChange={(value) => {
        if (value !== null) setNumber({ [field]: value }, field);
      }}
    />
  );
  return (
    <>
      <h2 className="item-editor__section-title">Number</h2>
      <fieldset
        className="settings-group"
        aria-describedby={showError ? errorId : undefined}
        onBlur={bounds.onBlur}
      >
        <legend className="visually-hidden">Accepted numbers</legend>
        <div className="item-editor__row">
          {numberField('Minimum', 'min', showError)}
          {numberField('Maximum', 'max', showError)}
        </div>
        {showError ? (
          <p id={errorId} className="field__error">
            {boundsProblem}
          </p>
        ) : null}
      </fieldset>
      <div className="item-editor__row">
        {numberField('Step', 'step')}
        <TextInputField
          label="Unit"
          placeholder="employees"
          maxLength={20}
          value={settings.unit}
          onChange={(unit) => setNumber({ unit }, 'unit')}
        />
      </div>
      <Dropdown
        label="Show as"
        searchable={false}
        options={displayOptions}
        value={settings.display}
        onChange={(display) => setNumber({ display }, 'display')}
      />
    </>
  );
}
