import { meEndpoint } from '@quizbeam/contracts/auth';
import { getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountHolder, on, routeFetch } from '../../test/fakeServer';
import { sampleQuiz } from '../../test/quizzes';
import { renderApp } from '../../test/renderApp';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { PREVIEW_FRAME_SANDBOX, PREVIEW_FRAME_TITLE } from './PreviewOverlay';

const quiz = sampleQuiz({ id: '7', name: 'Dogs' });

function spyOnFormSubmit() {
  const submitted: HTMLFormElement[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
  return submitted;
}

async function openEditor() {
  routeFetch([on(meEndpoint, accountHolder()), on(getQuizEndpoint, quiz, { id: '7' })]);
  renderApp('/quizzes/7');
  return (await screen.findByLabelText('Quiz Name')) as HTMLInputElement;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Preview overlay', () => {
  it('posts the current quiz to the preview iframe', async () => {
    const submitted = spyOnFormSubmit();
    fireEvent.change(await openEditor(), { target: { value: 'Dogs and Cats' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const overlay = screen.getByRole('dialog', { name: 'Dogs and Cats' });
    expect(within(overlay).getByText('Preview')).toBeTruthy();
    const frame = within(overlay).getByTitle(PREVIEW_FRAME_TITLE) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.name).toMatch(/^quiz-preview-[A-Za-z0-9]+$/);
    expect(frame.getAttribute('sandbox')).toBe(PREVIEW_FRAME_SANDBOX);

    expect(submitted).toHaveLength(1);
    const form = submitted[0] as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.getAttribute('action')).toBe('/accounts/account-1/quizzes/preview');
    expect(form.target).toBe(frame.name);
    expect([...new FormData(form).keys()]).toEqual(['data']);
    expect(JSON.parse(String(new FormData(form).get('data')))).toEqual({ ...quiz, name: 'Dogs and Cats' });
  });

  it('takes the focus, keeps Tab inside, and gives the focus back to Preview when closed', async () => {
    spyOnFormSubmit();
    await openEditor();
    const previewButton = screen.getByRole('button', { name: 'Preview' });
    previewButton.focus();
    fireEvent.click(previewButton);
    const overlay = screen.getByRole('dialog', { name: 'Dogs' });
    expect(document.activeElement).toBe(overlay);
    const close = within(overlay).getByRole('button', { name: 'Close preview' });
    close.focus();
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(close);

    fireEvent.click(close);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(previewButton);
  });

  it('closes with Escape, and leaves the quiz alone on undo shortcuts meanwhile', async () => {
    spyOnFormSubmit();
    const nameInput = await openEditor();
    fireEvent.change(nameInput, { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const overlay = screen.getByRole('dialog', { name: 'Renamed' });
    fireEvent.keyDown(overlay, { key: 'z', ctrlKey: true });
    act(() => {
      fireEvent.keyDown(overlay, { key: 'Escape' });
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(nameInput.value).toBe('Renamed');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Preview' }));
  });
});

describe('notifications over the preview', () => {
  it('shows a notification in the preview’s own area above the page, not in the editor’s under it', async () => {
    spyOnFormSubmit();
    await openEditor();
    act(() => showSuccess('Quiz has been saved.'));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const overlay = screen.getByRole('dialog', { name: 'Dogs' });
    const notifications = screen.getAllByTestId('notification');
    expect(notifications).toHaveLength(1);
    const [notification] = notifications;
    expect(overlay.contains(notification as HTMLElement)).toBe(true);
    const frame = within(overlay).getByTitle(PREVIEW_FRAME_TITLE);
    expect(
      (notification as HTMLElement).compareDocumentPosition(frame) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    fireEvent.click(within(overlay).getByRole('button', { name: 'Close preview' }));
    const back = screen.getAllByTestId('notification');
    expect(back).toHaveLength(1);
    expect(within(back[0] as HTMLElement).getByRole('status').textContent).toBe('Quiz has been saved.');
  });
});
