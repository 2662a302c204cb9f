import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmationModal } from './ConfirmationModal';
import { Modal } from './Modal';

describe('Modal', () => {
  it('is a labelled modal dialog that closes on Escape and on the backdrop', () => {
    const onClose = vi.fn();
    render(
      <Modal title="Share" onClose={onClose}>
        <p>Body</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Share' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside and gives the focus back when it closes', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = render(
      <Modal
        title="Pick"
        onClose={() => {}}
        footer={
          <>
            <button type="button">First</button>
            <button type="button">Last</button>
          </>
        }
      >
        <p>Body</p>
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }));
    screen.getByRole('button', { name: 'Last' }).focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Last' }));
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});

describe('ConfirmationModal', () => {
  it("asks 'Are you sure?' with Cancel and OK by default", () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmationModal onConfirm={onConfirm} onCancel={onCancel}>
        <p>This cannot be reversed.</p>
      </ConfirmationModal>,
    );
    expect(screen.getByRole('dialog', { name: 'Are you sure?' }).textContent).toContain(
      'This cannot be reversed.',
    );
    expect(screen.getByRole('button', { name: 'OK' }).className).not.toContain('button--danger');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('takes its own title and confirm label', () => {
    render(
      <ConfirmationModal title="Leave?" confirmLabel="Leave" onConfirm={() => {}} onCancel={() => {}}>
        <p>Unsaved.</p>
      </ConfirmationModal>,
    );
    expect(screen.getByRole('dialog', { name: 'Leave?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave' })).toBeTruthy();
  });

  it('shows a destructive confirmation as a red button named for what it does', () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmationModal destructive confirmLabel="Delete" onConfirm={onConfirm} onCancel={() => {}}>
        <p>Gone for good.</p>
      </ConfirmationModal>,
    );
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm.className).toBe('button button--danger');
    expect(screen.getByRole('button', { name: 'Cancel' }).className).toBe('button button--secondary');
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
