import {
  WEBHOOK_NAME_REQUIRED_TEXT,
  type WebhookBody,
  webhookUrlProblem,
} from '@quizbeam/contracts/webhooks';
import { useState } from 'react';
import { FormModal } from '../../ui/formModal/FormModal';
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
  const [name, setName] = useState(initial.name);
  const [url, setUrl] = useState(initial.url);
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const typedBody = (): WebhookBody => ({ name: name.trim(), url: url.trim() });

  function validate() {
    const found = errorsOf(typedBody());
    setErrors(found);
    return !found.name && !found.url;
  }

  // Once the user tried to save, each field's message follows what is typed.
  const shown = errors ? errorsOf({ name, url: url.trim() }) : null;
  return (
    <FormModal
      title={title}
      formClassName="webhook-form"
      submitLabel="Save"
      validate={validate}
      onSubmit={() => onSave(typedBody())}
      onCancel={onCancel}
    >
      <TextInputField label="Name" value={name} onChange={setName} errorMessage={shown?.name} required />
      <TextInputField
        label="URL"
        value={url}
        onChange={setUrl}
        placeholder="https://hooks.example.com/quizbeam"
        errorMessage={shown?.url}
        required
      />
    </FormModal>
  );
}
