import { loginEndpoint, meEndpoint } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  accountHolder,
  answerWith,
  type FakeAnswer,
  on,
  receivedCalls,
  routeFetch,
  signedOut,
} from '../../test/fakeServer';
import { sampleQuiz } from '../../test/quizzes';
import { renderApp } from '../../test/renderApp';
import { SIGNED_OUT_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import { SIGN_IN_AGAIN_TITLE } from './SignInAgainDialog';

/** The session has ended: saves answer 401 until the user signs in again with the right password. */
function serveExpiredSession() {
  let signedIn = false;
  const me = accountHolder();
  const fetchMock = routeFetch([
    on(meEndpoint, me),
    on(getQuizEndpoint, sampleQuiz({ id: '7', name: 'Dog quiz' }), { id: '7' }),
    on(
      saveQuizEndpoint,
      ({ body }): FakeAnswer => (signedIn ? { status: 200, body } : { status: 401, body: signedOut }),
      { id: '7' },
    ),
    on(loginEndpoint, ({ body }): FakeAnswer => {
      const { email, password } = body as { email: string; password: string };
      if (email !== me.email || password !== 'right') {
        return answerWith(422, { error: 'Wrong email or password.', code: 'invalid_credentials' });
      }
      signedIn = true;
      return { status: 200, body: { ok: true } };
    }),
  ]);
  return { fetchMock, email: me.email };
}

async function renameAndSave(name: string) {
  renderApp('/quizzes/7');
  fireEvent.change(await screen.findByLabelText('Quiz Name'), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return screen.findByRole('dialog', { name: SIGN_IN_AGAIN_TITLE });
}

const saves = (fetchMock: ReturnType<typeof routeFetch>) =>
  receivedCalls(fetchMock).filter((call) => call.route === 'PUT /api/quizzes/7');

describe('signing in again when the session ends while editing', () => {
  it('asks for the password in a dialog, then repeats the save with the unsaved changes', async () => {
    const { fetchMock, email } = serveExpiredSession();
    const dialog = await renameAndSave('Dog quiz, final');
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe(email);

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByText('Wrong email or password.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Quiz has been saved.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(saves(fetchMock).map((call) => (call.body as Quiz).name)).toEqual([
      'Dog quiz, final',
      'Dog quiz, final',
    ]);
  });

  it('keeps the changes on screen when the user cancels, and the next Save asks again', async () => {
    const { fetchMock } = serveExpiredSession();
    const dialog = await renameAndSave('Kept name');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Quiz Name') as HTMLInputElement).value).toBe('Kept name');
    expect((await screen.findByRole('alert')).textContent).toBe(SIGNED_OUT_TEXT);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const again = await screen.findByRole('dialog', { name: SIGN_IN_AGAIN_TITLE });
    fireEvent.change(within(again).getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Quiz has been saved.');
    const lastSave = saves(fetchMock).at(-1)?.body as Quiz | undefined;
    expect(lastSave?.name).toBe('Kept name');
  });
});
