import {
  WEBHOOK_NAME_REQUIRED_TEXT,
  type WebhookBody,
  webhookUrlProblem,
} from '@quizbeam/contracts/webhooks';
import { type FormEvent, useId, useState } from 'react';
import { Modal } from '../../ui/modal/Modal';
import { TextInputField } from '../../ui/TextInputField';

interface WebhookFormModalProps {
  title: string;
  initial: WebhookBody;
  /** Resolves true when saved (the modal then closes); otherwise the typed values stay. */
  onSave: (body: WebhookBody) => Promise<boolean>;
  onCancel: () => void;
}

interface FieldErrors {
  name: string | null;
  url: string | null;
}

const errorsOf = (body: WebhookBody): FieldErrors => ({
  name: body.name.trim() === '' ? WEBHOOK_NAME_REQUIRED_TEXT : null,
  url: webhookUrlProblem(body.url.trim()),
});

/** Add Webhook and Edit: a name and the URL, checked by the same rule the server applies. */
export function WebhookFormModal({ title, initial, onSave, onCancel }: WebhookFormModalProps) {
  const formId = useId();
  const [name, setName] = useState(initial.name);
  const [url, setUrl] = useState(initial.url);
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isSaving) return;
    const body = { name: name.trim(), url: url.trim() };
    const found = errorsOf(body);
    setErrors(found);
    if (found.name || found.url) return;
    setIsSaving(true);
    const saved = await onSave(body);
    if (!saved) setIsSaving(false);
  }

  // Once the user tried to save, each field's message follows what is typed.
  const shown = errors ? errorsOf({ name, url: url.trim() }) : null;
  return (
    <Modal
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button" disabled={isSaving}>
            Save
          </button>
        </>
      }
    >
      <form id={formId} className="webhook-form" onSubmit={submit} noValidate>
        <TextInputField label="Name" value={name} onChange={setName} errorMessage={shown?.name} required />
        <TextInputField
          label="URL"
          value={url}
          onChange={setUrl}
          placeholder="https://hooks.example.com/quizbeam"
          errorMessage={shown?.url}
          required
        />
      </form>
    </Modal>
  );
}
