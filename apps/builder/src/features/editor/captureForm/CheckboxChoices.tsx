import type { CheckboxChoice, HtmlFormSettings } from '@quizbeam/contracts/htmlFormSettings';
import { checkboxChoiceOf, isCheckbox, withCheckboxChoice } from '@quizbeam/quiz-engine/leadCapture';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import type { DropdownOption } from '../../../ui/dropdown/filterOptions';
import { useQuizSelector } from '../store/quizStoreHooks';

export const CHECKBOXES_NOTE =
  'Each checkbox of the form is sent unticked, as a browser sends a box nobody ticked, unless you choose otherwise.';
export const CONSENT_BOX_OFF_WARNING =
  'Turn on Use Confirmation Checkbox in Form Settings: without it, a box set to follow it is never ticked.';

export const CHECKBOX_CHOICE_LABELS: Record<CheckboxChoice, string> = {
  unticked: 'Leave unticked',
  ticked: 'Always tick',
  consent: 'Tick when the visitor ticks the quiz’s consent box',
};

const CHOICE_OPTIONS: DropdownOption<CheckboxChoice>[] = (['unticked', 'ticked', 'consent'] as const).map(
  (choice) => ({ value: choice, label: CHECKBOX_CHOICE_LABELS[choice] }),
);

interface CheckboxChoicesProps {
  settings: HtmlFormSettings;
  onChange: (settings: HtmlFormSettings) => void;
}

/** What a lead sends for each checkbox of the chosen form (lists, interests, permissions). */
export function CheckboxChoices({ settings, onChange }: CheckboxChoicesProps) {
  const usesConsentBox = useQuizSelector((quiz) => quiz.leadCaptureSettings.useConfirmationCheckbox);
  const checkboxes = (settings.formData?.fields ?? []).filter((field) => field.name && isCheckbox(field));
  if (checkboxes.length === 0) return null;
  const followsConsent = checkboxes.some((field) => checkboxChoiceOf(settings, field) === 'consent');
  return (
    <fieldset className="capture-form__checkboxes">
      <legend className="field__label">Checkboxes</legend>
      <p className="editor-tab-card__note">{CHECKBOXES_NOTE}</p>
      {checkboxes.map((field) => (
        <Dropdown
          key={`${field.name}=${field.value}`}
          label={field.label && field.label !== field.name ? `${field.label} (${field.name})` : field.name}
          options={CHOICE_OPTIONS}
          value={checkboxChoiceOf(settings, field)}
          searchable={false}
          onChange={(choice) => onChange(withCheckboxChoice(settings, field, choice))}
        />
      ))}
      {followsConsent && !usesConsentBox && (
        <p role="note" className="warning-notes__item">
          {CONSENT_BOX_OFF_WARNING}
        </p>
      )}
    </fieldset>
  );
}
