import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormModal } from './FormModal';

function deferred() {
  let resolve: (isDone: boolean) => void = () => {};
  const promise = new Promise<boolean>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function renderFormModal(props: { validate?: () => boolean; onSubmit: () => Promise<boolean> }) {
  const onCancel = vi.fn();
  render(
    <FormModal title="Add thing" formClassName="thing-form" submitLabel="Add" onCancel={onCancel} {...props}>
      <label>
        Name <input />
      </label>
    </FormModal>,
  );
  return { onCancel, submitButton: screen.getByRole('button', { name: 'Add' }) };
}

describe('FormModal', () => {
  it('holds the form in a dialog with Cancel and its submit button', () => {
    const { onCancel } = renderFormModal({ onSubmit: vi.fn() });
    const dialog = screen.getByRole('dialog', { name: 'Add thing' });
    expect(dialog.querySelector('form.thing-form')?.hasAttribute('novalidate')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('sends nothing while the form does not validate', () => {
    const onSubmit = vi.fn();
    const { submitButton } = renderFormModal({ validate: () => false, onSubmit });
    fireEvent.click(submitButton);
    expect(onSubmit).not.toHaveBeenCalled();
    expect((submitButton as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables the submit button while sending, and again allows a try when the sending was refused', async () => {
    const sending = deferred();
    const onSubmit = vi.fn(() => sending.promise);
    const { submitButton } = renderFormModal({ validate: () => true, onSubmit });
    fireEvent.click(submitButton);
    expect((submitButton as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(submitButton.closest('.modal')?.querySelector('form') as HTMLFormElement);
    expect(onSubmit).toHaveBeenCalledOnce();
    await act(async () => sending.resolve(false));
    expect((submitButton as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps the submit button disabled once the form is done', async () => {
    const { submitButton } = renderFormModal({ onSubmit: () => Promise.resolve(true) });
    await act(async () => fireEvent.click(submitButton));
    expect((submitButton as HTMLButtonElement).disabled).toBe(true);
  });
});
