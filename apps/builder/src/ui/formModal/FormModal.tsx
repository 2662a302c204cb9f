import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Modal } from '../modal/Modal';

interface FormModalProps {
  title: string;
  /** The form element's class, which the feature's styles hang on. */
  formClassName: string;
  submitLabel: string;
  /** Checks what was typed before sending; false keeps the form from being sent (its messages show). */
  validate?: () => boolean;
  /**
   * Sends the form. Resolves true when it is done: the submit button then stays disabled until the modal
   * closes. False lets the user change what was typed and try again.
   */
  onSubmit: () => Promise<boolean>;
  onCancel: () => void;
  children: ReactNode;
}

/** A dialog holding one form, with Cancel and a submit button that is disabled while the form is sent. */
export function FormModal({
  title,
  formClassName,
  submitLabel,
  validate,
  onSubmit,
  onCancel,
  children,
}: FormModalProps) {
  const formId = useId();
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isSubmitting) return;
    if (validate && !validate()) return;
    setIsSubmitting(true);
    const isDone = await onSubmit();
    if (!isDone) setIsSubmitting(false);
  }

  return (
    <Modal
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button" disabled={isSubmitting}>
            {submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} className={formClassName} onSubmit={submit} noValidate>
        {children}
      </form>
    </Modal>
  );
}
