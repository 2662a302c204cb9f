import {
  createHtmlFormEndpoint,
  HTML_FORM_MARKUP_ERROR_TEXT,
  HTML_FORM_MARKUP_FIELD,
  HTML_FORM_NAME_REQUIRED_TEXT,
  type HtmlForm,
  listHtmlFormsEndpoint,
  updateHtmlFormEndpoint,
} from '@quizbeam/contracts/htmlForms';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/ApiError';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation } from '../../api/endpointQuery';
import { Modal } from '../../ui/modal/Modal';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { TextInputField } from '../../ui/TextInputField';
import { HTML_FORM_SAVED_TEXT, MARKUP_PLACEHOLDER } from './htmlFormTexts';
import { ParsedFormSummary } from './ParsedFormSummary';
import { useParsedMarkup } from './useParsedMarkup';

interface HtmlFormEditorModalProps {
  account: string;
  /** The form to change; null for a new one. */
  form: HtmlForm | null;
  onClose: () => void;
}

/** Whether a refused save is about the markup (bad markup, or a duplicate of another form's data). */
function markupRefusalOf(error: unknown): string | null {
  if (isApiError(error, 409) && error.code === 'duplicate') return error.message;
  const body = isApiError(error, 400) ? error.body : null;
  const isMarkup =
    typeof body === 'object' && body !== null && 'field' in body && body.field === HTML_FORM_MARKUP_FIELD;
  return isMarkup && isApiError(error) ? error.message : null;
}

/**
 * Adds or changes an HTML form: a name and the pasted markup, parsed by the server as it settles so the
 * marketer sees what will be sent (method, action, fields, submit button) before saving.
 */
export function HtmlFormEditorModal({ account, form, onClose }: HtmlFormEditorModalProps) {
  const queryClient = useQueryClient();
  const reloadList = () =>
    queryClient.invalidateQueries({ queryKey: endpointKey(listHtmlFormsEndpoint, { params: { account } }) });
  const creating = useEndpointMutation(createHtmlFormEndpoint, { onSuccess: reloadList });
  const changing = useEndpointMutation(updateHtmlFormEndpoint, { onSuccess: reloadList });
  const saving = form ? changing : creating;
  const [name, setName] = useState(form?.name ?? '');
  const [markup, setMarkup] = useState(form?.originalMarkup ?? '');
  const [showErrors, setShowErrors] = useState(false);
  const [refusal, setRefusal] = useState<{ markup: string; message: string } | null>(null);
  const parsed = useParsedMarkup(account, markup, form && { markup: form.originalMarkup, data: form.data });
  const nameError = showErrors && !name.trim() ? HTML_FORM_NAME_REQUIRED_TEXT : null;
  const missingMarkup = showErrors && !markup.trim() ? HTML_FORM_MARKUP_ERROR_TEXT : null;
  const markupError = (refusal?.markup === markup ? refusal.message : null) ?? parsed.error ?? missingMarkup;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (!name.trim() || !markup.trim() || saving.isPending) return;
    try {
      const body = {
        name: name.trim(),
        originalMarkup: markup,
        ...(parsed.data ? { data: parsed.data } : {}),
      };
      if (form) await changing.mutateAsync({ params: { account, id: form.id }, body });
      else await creating.mutateAsync({ params: { account }, body });
    } catch (error) {
      const message = markupRefusalOf(error);
      if (message) setRefusal({ markup, message });
      else showDefaultError(error);
      return;
    }
    showSuccess(HTML_FORM_SAVED_TEXT);
    onClose();
  }

  return (
    <Modal title={form ? 'Edit Form' : 'New Form'} onClose={onClose}>
      <form className="html-form-editor" onSubmit={submit} noValidate>
        <TextInputField label="Name" value={name} onChange={setName} required errorMessage={nameError} />
        <TextInputField
          label="Markup"
          value={markup}
          onChange={setMarkup}
          multiline
          placeholder={MARKUP_PLACEHOLDER}
          required
          errorMessage={markupError}
        />
        {parsed.data && !markupError && <ParsedFormSummary data={parsed.data} />}
        {parsed.isParsing && !markupError && <p className="html-form-editor__status">Reading the form…</p>}
        <div className="modal__footer">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={saving.isPending}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
