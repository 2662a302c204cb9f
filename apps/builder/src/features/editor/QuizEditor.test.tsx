import { meEndpoint } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { QUIZ_NAME_REQUIRED_TEXT } from '@quizbeam/contracts/quiz';
import {
  deleteQuizEndpoint,
  getQuizEndpoint,
  listQuizzesEndpoint,
  saveQuizEndpoint,
} from '@quizbeam/contracts/quizEndpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountHolder, type FakeRoute, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { sampleQuiz } from '../../test/quizzes';
import { renderApp } from '../../test/renderApp';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import { ALL_SAVED_TEXT, OFFLINE_TEXT, SAVING_TEXT } from './autosave/AutosaveStatus';
import { UNREACHABLE_TEXT } from './autosave/autosaveController';
import { readDraft } from './autosave/localDraft';
import { KEPT_OFFLINE_TEXT, QUIZ_SAVED_TEXT } from './saveCurrentQuiz';
import { NOT_SAVED_YET_TEXT, UNSAVED_CHANGES_TITLE } from './UnsavedChangesGuard';

const quiz = sampleQuiz({ id: '7', name: 'Dogs' });

/** The editor's calls for quiz 7; `routes` come first, so they answer before the defaults. */
function serve(routes: FakeRoute[] = []) {
  return routeFetch([
    ...routes,
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, quiz, { id: '7' }),
    on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: '7' }),
    on(listQuizzesEndpoint, []),
  ]);
}

async function nameInput() {
  return (await screen.findByLabelText('Quiz Name')) as HTMLInputElement;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('quiz editor', () => {
  it('saves by itself a moment after typing stops, and Save saves at once', async () => {
    const fetchMock = serve();
    renderApp('/quizzes/7');
    fireEvent.change(await nameInput(), { target: { value: 'Dogs and' } });
    expect(await screen.findByText(SAVING_TEXT)).toBeTruthy();
    fireEvent.change(await nameInput(), { target: { value: 'Dogs and Cats' } });
    expect(await screen.findByText(ALL_SAVED_TEXT, {}, { timeout: 4000 })).toBeTruthy();
    const puts = receivedCalls(fetchMock).filter((call) => call.route === 'PUT /api/quizzes/7');
    expect(puts.map((put) => put.body)).toEqual([{ ...quiz, name: 'Dogs and Cats' }]);

    fireEvent.change(await nameInput(), { target: { value: 'Dogs only' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(QUIZ_SAVED_TEXT);
    const last = receivedCalls(fetchMock).findLast((call) => call.route === 'PUT /api/quizzes/7');
    expect(last?.body).toMatchObject({ name: 'Dogs only' });
    expect(screen.getByText(ALL_SAVED_TEXT)).toBeTruthy();
  });

  it("shows the server's text when it refuses the quiz, and the default error otherwise", async () => {
    let status = 400;
    let error = 'outcomes.0.scoreRange.to: must not be below its start.';
    serve([
      on(saveQuizEndpoint, () => ({ status, body: { error, code: 'validation_failed' } }), { id: '7' }),
    ]);
    renderApp('/quizzes/7');
    fireEvent.change(await nameInput(), { target: { value: 'Dogs and Cats' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(error);
    expect(screen.getByText(`Not saved: ${error}`)).toBeTruthy();
    // A quiz too large to send says so, rather than "something went wrong".
    status = 413;
    error = 'This is too large to send. Please make it smaller and try again.';
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(error));
    status = 500;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(DEFAULT_ERROR_TEXT));
  });

  it('keeps changes made offline on this device and saves them by itself once back online', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const fetchMock = serve([
      on(
        saveQuizEndpoint,
        ({ body }) => {
          // What fetch does when there is no network: it rejects, with no answer at all.
          if (!online) throw new TypeError('Failed to fetch');
          return { status: 200, body };
        },
        { id: '7' },
      ),
    ]);
    renderApp('/quizzes/7');
    fireEvent.change(await nameInput(), { target: { value: 'Dogs on a train' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(KEPT_OFFLINE_TEXT);
    expect(screen.getByText(OFFLINE_TEXT)).toBeTruthy();
    expect((await nameInput()).value).toBe('Dogs on a train');
    expect(readDraft('7')?.current.name).toBe('Dogs on a train');

    online = true;
    fireEvent(window, new Event('online'));
    expect(await screen.findByText(ALL_SAVED_TEXT)).toBeTruthy();
    const puts = receivedCalls(fetchMock).filter((call) => call.route === 'PUT /api/quizzes/7');
    expect(puts.map((put) => (put.body as Quiz).name)).toEqual(['Dogs on a train', 'Dogs on a train']);
    expect(readDraft('7')).toBeNull();
  });

  it('shows the default error, not "offline", when the server cannot be reached but the network is up', async () => {
    serve([
      on(
        saveQuizEndpoint,
        () => {
          throw new TypeError('Failed to fetch');
        },
        { id: '7' },
      ),
    ]);
    renderApp('/quizzes/7');
    fireEvent.change(await nameInput(), { target: { value: 'Dogs and Cats' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
    expect(screen.getByText(`Not saved: ${UNREACHABLE_TEXT}`)).toBeTruthy();
  });

  it('refuses to save without a quiz name', async () => {
    const fetchMock = serve();
    renderApp('/quizzes/7');
    fireEvent.change(await nameInput(), { target: { value: '' } });
    expect(screen.getByText(QUIZ_NAME_REQUIRED_TEXT, { selector: '.field__error' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(QUIZ_NAME_REQUIRED_TEXT);
    expect(receivedCalls(fetchMock).some((call) => call.route.startsWith('PUT'))).toBe(false);
  });

  it('undoes and redoes with the keyboard outside text fields', async () => {
    serve();
    renderApp('/quizzes/7');
    fireEvent.click(await screen.findByRole('button', { name: "Don't Show" }));
    expect(screen.getByRole('button', { name: "Don't Show" }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(await nameInput(), { key: 'z', ctrlKey: true });
    expect(screen.getByRole('button', { name: "Don't Show" }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(
      screen.getByRole('button', { name: 'Use Account-level Settings' }).getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    expect(screen.getByRole('button', { name: "Don't Show" }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true });
    fireEvent.keyDown(document.body, { key: 'z', metaKey: true });
    expect(
      screen.getByRole('button', { name: 'Use Account-level Settings' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('saves on the way out, and asks only when that save fails', async () => {
    let status = 200;
    const fetchMock = serve([
      on(
        saveQuizEndpoint,
        ({ body }) => (status === 200 ? { status, body } : { status, body: { error: 'Down' } }),
        { id: '7' },
      ),
    ]);
    const router = renderApp('/quizzes/7');
    fireEvent.change(await nameInput(), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('link', { name: 'Start Page' }));
    expect(await screen.findByRole('switch', { name: 'Use Start Page' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    status = 500;
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Not saved' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TITLE });
    expect(dialog.textContent).toContain(NOT_SAVED_YET_TEXT);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/quizzes/7/start-page');

    status = 200;
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const last = receivedCalls(fetchMock).findLast((call) => call.route === 'PUT /api/quizzes/7');
    expect(last?.body).toMatchObject({ name: 'Changed', title: 'Not saved' });
  });

  it('closes straight away when everything is saved', async () => {
    serve();
    const router = renderApp('/quizzes/7');
    await nameInput();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('deletes after confirmation and goes home without asking about unsaved changes', async () => {
    const fetchMock = serve([on(deleteQuizEndpoint, { ok: true }, { id: '7' })]);
    const router = renderApp('/quizzes/7');
    fireEvent.change(await nameInput(), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).queryByRole('button', { name: 'OK' })).toBeNull();
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm.className).toContain('button--danger');
    fireEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect((await screen.findByRole('status')).textContent).toBe('Delete complete.');
    expect(receivedCalls(fetchMock).map((call) => call.route)).toContain('DELETE /api/quizzes/7');
  });

  it('edits the start page, whose fields follow the toggle', async () => {
    const fetchMock = serve();
    renderApp('/quizzes/7/start-page');
    const toggle = await screen.findByRole('switch', { name: 'Use Start Page' });
    const title = screen.getByLabelText('Title') as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'Find your dog' } });
    fireEvent.change(screen.getByLabelText('Button Text'), { target: { value: 'Go' } });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    for (const label of ['Title', 'Button Text']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).disabled).toBe(true);
    }
    // The description is a rich text field (or its placeholder while its editor loads).
    expect(screen.getByLabelText('Description').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    const saved = receivedCalls(fetchMock).find((call) => call.route === 'PUT /api/quizzes/7')?.body as Quiz;
    expect(saved).toMatchObject({ title: 'Find your dog', cta: 'Go', startPage: { enabled: false } });
  });
});
