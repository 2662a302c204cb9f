import type { HtmlFormSettings } from '@quizbeam/contracts/htmlFormSettings';
import { type HtmlForm, listHtmlFormsEndpoint } from '@quizbeam/contracts/htmlForms';
import { htmlFormSettingsFor, type MappedField, withFieldMapping } from '@quizbeam/quiz-engine/leadCapture';
import { Link } from 'react-router';
import { useEndpointQuery } from '../../../api/endpointQuery';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import type { DropdownOption } from '../../../ui/dropdown/filterOptions';
import { useMe } from '../../session/useMe';
import { CheckboxChoices } from './CheckboxChoices';

export const NO_HTML_FORMS_TEXT = 'No HTML forms yet.';
export const CHOOSE_FORM_LABEL = 'Choose a form';
export const REMOVED_FORM_LABEL = 'Saved copy of a removed form';
export const NO_FIELD_LABEL = 'None';

const NONE = '';
// The option standing for a saved copy whose form is gone (or predates form ids).
const SAVED_COPY = 'saved-copy';

interface HtmlFormPickerProps {
  settings: HtmlFormSettings | null;
  onChange: (settings: HtmlFormSettings | null) => void;
}

function formOptions(forms: HtmlForm[], settings: HtmlFormSettings | null): DropdownOption<string>[] {
  const options = [
    { value: NONE, label: CHOOSE_FORM_LABEL },
    ...forms.map((form) => ({ value: form.id, label: form.name })),
  ];
  if (settings && !forms.some((form) => form.id === settings.htmlFormId))
    options.push({ value: settings.htmlFormId ?? SAVED_COPY, label: REMOVED_FORM_LABEL });
  return options;
}

function fieldOptions(settings: HtmlFormSettings): DropdownOption<string>[] {
  const names = new Set((settings.formData?.fields ?? []).map((field) => field.name).filter(Boolean));
  return [
    { value: NONE, label: NO_FIELD_LABEL },
    ...[...names].map((name) => ({ value: name, label: name })),
  ];
}

/** One of the account's HTML forms, and which of its fields get the visitor's name and email. */
export function HtmlFormPicker({ settings, onChange }: HtmlFormPickerProps) {
  const account = useMe().account.id;
  // The HTML Forms page's cache.
  const forms = useEndpointQuery(listHtmlFormsEndpoint, { params: { account } });
  if (forms.isPending) return <p className="editor-tab-card__note">Loading HTML forms…</p>;
  const list = forms.data ?? [];
  if (list.length === 0 && !settings) {
    return (
      <div className="capture-form__empty">
        <p>{NO_HTML_FORMS_TEXT}</p>
        <Link to="/html-forms">Add an HTML form</Link>
      </div>
    );
  }

  function chooseForm(formId: string) {
    if (formId === (settings?.htmlFormId ?? SAVED_COPY)) return;
    const form = list.find((candidate) => candidate.id === formId);
    onChange(form ? htmlFormSettingsFor(form) : null);
  }

  const mappingDropdown = (field: MappedField, label: string) =>
    settings && (
      <Dropdown
        label={label}
        options={fieldOptions(settings)}
        value={settings.fieldMappings[field] ?? NONE}
        onChange={(name) => onChange(withFieldMapping(settings, field, name === NONE ? null : name))}
      />
    );

  return (
    <div className="capture-form__fields">
      <Dropdown
        label="HTML Form"
        options={formOptions(list, settings)}
        value={settings ? (settings.htmlFormId ?? SAVED_COPY) : NONE}
        onChange={chooseForm}
      />
      {mappingDropdown('name', 'Name Field')}
      {mappingDropdown('email', 'Email Field')}
      {settings && <CheckboxChoices settings={settings} onChange={onChange} />}
    </div>
  );
}
